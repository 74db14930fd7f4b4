import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reloadAt, storeAccessToken } from '../../../lib/auth-token';
import { errorMessage } from '../../../lib/notify';
import { getStoredEmail, removeStoredEmail } from '../../../lib/stored-email';
import { useVerifyEmail, verifyEmailFormSchema, type VerifyEmailFormValues } from '../api/verify-email';
import { CAPTCHA_REQUIRED_MESSAGE, useCaptchaToken } from '../captcha/use-captcha-token';
import { VisibleCaptcha } from '../captcha/visible-captcha';
import { FormMessageAlert, useFormMessage } from '../components/form-message';
import { MissingEmailNotice } from '../components/missing-email-notice';
import { OtpField } from '../components/otp-field';
import { RecoveryLayout } from '../components/recovery-layout';

/** `/verify`: the OTP mailed when an e-mail was added in Account Settings; success signs in and goes to /. */
export function VerifyEmailPage() {
  const [email] = useState(getStoredEmail);
  const captcha = useCaptchaToken();
  const verify = useVerifyEmail();
  const { message, show } = useFormMessage();
  const [isDone, setIsDone] = useState(false);
  const form = useForm<VerifyEmailFormValues, unknown, z.output<typeof verifyEmailFormSchema>>({
    resolver: zodResolver(verifyEmailFormSchema),
    defaultValues: { OTP: '' },
  });

  const onSubmit = form.handleSubmit(async ({ OTP }) => {
    if (!email) return;
    if (!captcha.token) return show(CAPTCHA_REQUIRED_MESSAGE);
    try {
      const result = await verify.mutateAsync({ email, OTP, captchaToken: captcha.token });
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
      {email ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormMessageAlert message={message} />
            <Text size="sm" c="dimmed" data-testid="otp-email">
              OTP sent to <strong>{email}</strong>
            </Text>
            <OtpField registration={form.register('OTP')} error={form.formState.errors.OTP?.message} />
            <VisibleCaptcha key={captcha.widgetKey} onToken={captcha.onToken} />
            <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting || isDone}>
              Verify
            </Button>
          </Stack>
        </form>
      ) : (
        <MissingEmailNotice to="/settings" step="Add your email in Account Settings" />
      )}
    </RecoveryLayout>
  );
}
