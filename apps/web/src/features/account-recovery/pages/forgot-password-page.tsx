import { AuthForm, AuthSubmitButton, EmailInput } from '../../../components/auth-fields';
import { FORGOT_REDIRECT_MS } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../../lib/notify';
import { getStoredEmail, storeEmail } from '../../../lib/stored-email';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { forgotPassword, forgotPasswordFormSchema } from '../api/account-recovery';
import { CAPTCHA_REQUIRED_MESSAGE, useCaptchaToken } from '../captcha/use-captcha-token';
import { VisibleCaptcha } from '../captcha/visible-captcha';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { RecoveryLayout } from '../components/recovery-layout';

/** `/forgot`: asks for the e-mail, sends a reset OTP, then moves on to /reset after 3 seconds (spec 2, 4). */
export function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  const captcha = useCaptchaToken();
  const { message, show } = useTimedMessage();
  const [isSent, setIsSent] = useState(false);
  const form = useSchemaForm({
    schema: forgotPasswordFormSchema,
    defaultValues: { email: getStoredEmail() ?? '' },
  });
  const { errors, isSubmitting } = form;

  useEffect(() => {
    if (!isSent) return;
    const timer = window.setTimeout(() => navigate('/reset'), FORGOT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isSent, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!captcha.token) return show(CAPTCHA_REQUIRED_MESSAGE);
    try {
      const result = await forgotPassword({ ...values, captchaToken: captcha.token });
      storeEmail(values.email);
      show(result.message, 'success');
      setIsSent(true);
    } catch (error) {
      show(errorMessage(error));
      captcha.renew();
    }
  });

  return (
    <RecoveryLayout
      title="Forgot Password?"
      text="Enter your email to get reset password OTP on your registered email."
    >
      <AuthForm onSubmit={onSubmit} message={message}>
        <EmailInput registration={form.register('email')} error={errors.email} />
        <VisibleCaptcha key={captcha.widgetKey} onToken={captcha.onToken} />
        <AuthSubmitButton loading={isSubmitting} disabled={isSent}>
          Send OTP
        </AuthSubmitButton>
      </AuthForm>
    </RecoveryLayout>
  );
}
