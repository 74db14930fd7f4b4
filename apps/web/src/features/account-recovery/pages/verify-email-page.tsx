import { emailSchema, FORGOT_REDIRECT_MS } from '@portal/shared';
import { AuthForm, AuthSubmitButton } from '../../../components/auth-fields';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import * as z from 'zod/mini';
import { getAccessToken, reloadAt } from '../../../lib/auth-token';
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

/** Shown when the address is verified on a browser that is not signed in: a code never signs in. */
export const VERIFIED_SIGN_IN_MESSAGE = 'Your email has been verified. Please sign in to continue.';

/**
 * `/verify`: the OTP mailed when an e-mail was added in Account Settings. It verifies the address and
 * nothing else (decision 310): signed in, the session stays and the app goes to /; signed out, the page
 * says so and moves on to sign-in after 3 seconds.
 */
export function VerifyEmailPage() {
  const [, navigate] = useLocation();
  const captcha = useCaptchaToken();
  const { message, show } = useTimedMessage();
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    if (!isDone || getAccessToken()) return;
    const timer = window.setTimeout(() => navigate('/login'), FORGOT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isDone, navigate]);
  const form = useSchemaForm({
    schema: formSchema,
    defaultValues: { OTP: '', email: getStoredEmail() ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ email, OTP }) => {
    if (!captcha.token) return show(CAPTCHA_REQUIRED_MESSAGE);
    try {
      const result = await verifyEmail({ email, OTP, captchaToken: captcha.token });
      removeStoredEmail();
      setIsDone(true);
      if (!getAccessToken()) return show(VERIFIED_SIGN_IN_MESSAGE, 'success');
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
