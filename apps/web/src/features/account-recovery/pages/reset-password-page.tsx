import { emailSchema } from '@portal/shared';
import { Checkbox, PasswordInput } from '@mantine/core';
import { AuthForm, AuthSubmitButton, NewPasswordInput } from '../../../components/auth-fields';
import { lazy, Suspense, useState } from 'react';
import * as z from 'zod/mini';
import { reloadAt, storeAccessToken } from '../../../lib/auth-token';
import { errorMessage } from '../../../lib/notify';
import { passwordStrengthCheck } from '../../../lib/password-strength';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { getStoredEmail, removeStoredEmail } from '../../../lib/stored-email';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { PASSWORDS_DO_NOT_MATCH, resetPassword, resetPasswordFormSchema } from '../api/account-recovery';
import { CAPTCHA_REQUIRED_MESSAGE, useCaptchaToken } from '../captcha/use-captcha-token';
import { VisibleCaptcha } from '../captcha/visible-captcha';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { OtpEmailField } from '../components/otp-email-field';
import { OtpField } from '../components/otp-field';
import { RecoveryLayout } from '../components/recovery-layout';

// Only accounts with a second factor reach the code step: it loads then.
const TwoFactorCodeForm = lazy(() =>
  import('../../../components/two-factor-code-form').then((m) => ({ default: m.TwoFactorCodeForm })),
);

/** The code form plus the address the code went to (stored by the step before, or typed here). */
const formSchema = z.extend(resetPasswordFormSchema, { email: emailSchema });
type FormValues = z.input<typeof formSchema>;
const ownerOf = (values: FormValues) => ({ email: values.email });
const checkNewPassword = passwordStrengthCheck('newPassword', ownerOf);

/** `/reset`: the mailed OTP and a new password (twice); success signs in and goes to / (spec 2, 4, 5). */
export function ResetPasswordPage() {
  const captcha = useCaptchaToken();
  const { message, show } = useTimedMessage();
  const [isDone, setIsDone] = useState(false);
  // On by default: whoever knew the old password may have copied the API key too.
  const [regenerateApiKey, setRegenerateApiKey] = useState(true);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: formSchema,
    // Checked when a field is left, then as it changes: the new password's strength before any call.
    mode: 'onTouched',
    check: checkNewPassword,
    defaultValues: { OTP: '', newPassword: '', confirmPassword: '', email: getStoredEmail() ?? '' },
  });
  const { errors, isSubmitting } = form;
  const { email, newPassword } = form.values;

  const onSubmit = form.handleSubmit(async ({ email, OTP, newPassword, confirmPassword }) => {
    if (newPassword !== confirmPassword) return show(PASSWORDS_DO_NOT_MATCH);
    if (!captcha.token) return show(CAPTCHA_REQUIRED_MESSAGE);
    try {
      const result = await resetPassword({
        email,
        OTP,
        newPassword,
        captchaToken: captcha.token,
        regenerateApiKey,
      });
      removeStoredEmail();
      if (result.challengeToken) {
        show(result.message, 'success');
        return setChallengeToken(result.challengeToken);
      }
      if (!result.accessToken) throw new Error('Sign-in failed, please sign in again');
      storeAccessToken(result.accessToken);
      setIsDone(true);
      show(result.message, 'success');
      reloadAt('/');
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, ['newPassword'])) show(errorMessage(error));
      captcha.renew();
    }
  });

  if (challengeToken) {
    return (
      <RecoveryLayout
        title="Reset Password"
        text="Your password has been reset. Now enter your sign-in code."
      >
        <Suspense fallback={null}>
          <TwoFactorCodeForm challengeToken={challengeToken} onBack={() => reloadAt('/login')} />
        </Suspense>
      </RecoveryLayout>
    );
  }

  return (
    <RecoveryLayout title="Reset Password" text="Enter the otp sent to your email and reset your password">
      <AuthForm onSubmit={onSubmit} message={message}>
        <OtpEmailField
          registration={form.register('email')}
          error={errors.email}
          requestTo="/forgot"
          requestLabel="Request an OTP"
        />
        <OtpField registration={form.register('OTP')} error={errors.OTP} />
        <NewPasswordInput
          label="New Password"
          registration={form.register('newPassword')}
          error={errors.newPassword}
          password={newPassword}
          owner={{ email }}
        />
        <PasswordInput
          label="Confirm New Password"
          placeholder="Type it again"
          autoComplete="new-password"
          size="md"
          {...form.register('confirmPassword')}
        />
        <Checkbox
          label="Also regenerate my API key"
          description="Recommended: the old key stops working at once."
          checked={regenerateApiKey}
          onChange={(event) => setRegenerateApiKey(event.currentTarget.checked)}
        />
        <VisibleCaptcha key={captcha.widgetKey} onToken={captcha.onToken} />
        <AuthSubmitButton loading={isSubmitting || isDone}>Reset</AuthSubmitButton>
      </AuthForm>
    </RecoveryLayout>
  );
}
