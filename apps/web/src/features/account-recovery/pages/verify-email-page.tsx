import { emailSchema } from '@portal/shared';
import { AuthForm, AuthSubmitButton } from '../../../components/auth-fields';
import { useState } from 'react';
import * as z from 'zod/mini';
import { reloadAt, storeAccessToken } from '../../../lib/auth-token';
import { errorMessage } from '../../../lib/notify';
import { getStoredEmail, removeStoredEmail } from '../../../lib/stored-email';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { verifyEmail, verifyEmailFormSchema } from '../api/account-recovery';
import { CAPTCHA_REQUIRED_MESSAGE, useCaptchaToken } from '../captcha/use-captcha-token';
import { VisibleCaptcha } from '../captcha/visible-captcha';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { OtpEmailField } from '../components/otp-email-field';
import { OtpField } from '../components/otp-field';
import { RecoveryLayout } from '../components/recovery-layout';

/** The code form plus the address the code went to (stored by the step before, or typed here). */
const formSchema = z.extend(verifyEmailFormSchema, { email: emailSchema });

/** `/verify`: the OTP mailed when an e-mail was added in Account Settings; success signs in and goes to /. */
export function VerifyEmailPage() {
  const captcha = useCaptchaToken();
  const { message, show } = useTimedMessage();
  const [isDone, setIsDone] = useState(false);
  const form = useSchemaForm({
    schema: formSchema,
    defaultValues: { OTP: '', email: getStoredEmail() ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ email, OTP }) => {
    if (!captcha.token) return show(CAPTCHA_REQUIRED_MESSAGE);
    try {
      const result = await verifyEmail({ email, OTP, captchaToken: captcha.token });
      storeAccessToken(result.accessToken);
      removeStoredEmail();
      setIsDone(true);
      show(result.message, 'success');
      reloadAt('/');
    } catch (error) {
      show(errorMessage(error));
      captcha.renew();
    }
  });

  return (
    <RecoveryLayout title="Verify Email" text="Enter the otp sent to your email to verify your account.">
      <AuthForm onSubmit={onSubmit} message={message}>
        <OtpEmailField
          registration={form.register('email')}
          error={form.errors.email}
          requestTo="/settings"
          requestLabel="Add your email in Account Settings"
        />
        <OtpField registration={form.register('OTP')} error={form.errors.OTP} />
        <VisibleCaptcha key={captcha.widgetKey} onToken={captcha.onToken} />
        <AuthSubmitButton loading={form.isSubmitting || isDone}>Verify</AuthSubmitButton>
      </AuthForm>
    </RecoveryLayout>
  );
}
