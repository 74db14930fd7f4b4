import {
  AuthForm,
  AuthSubmitButton,
  CurrentPasswordInput,
  DiscordNameInput,
} from '../../../components/auth-fields';
import { lazy, Suspense, useState } from 'react';
import { reloadAt, storeAccessToken } from '../../../lib/auth-token';
import { errorMessage } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { login, loginFormSchema } from '../api/auth';
import { useCaptcha } from '../captcha/use-captcha';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { CaptchaSlot } from './captcha-slot';

// Only accounts with a second factor reach the code step: it loads then, keeping the sign-in page light.
const TwoFactorCodeForm = lazy(() =>
  import('../../../components/two-factor-code-form').then((m) => ({ default: m.TwoFactorCodeForm })),
);

export function SignInForm() {
  const { getToken, containerRef } = useCaptcha();
  const { message, show } = useTimedMessage();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const form = useSchemaForm({ schema: loginFormSchema, defaultValues: { discordId: '', password: '' } });
  const { errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const captchaToken = await getToken();
      const {
        message: text,
        accessToken,
        challengeToken: challenge,
      } = await login({ ...values, captchaToken });
      if (challenge) return setChallengeToken(challenge);
      if (!accessToken) throw new Error('Sign-in failed, please try again');
      storeAccessToken(accessToken);
      setIsRedirecting(true);
      show(text, 'success');
      reloadAt('/');
    } catch (error) {
      show(errorMessage(error));
    }
  });

  if (challengeToken) {
    return (
      <Suspense fallback={null}>
        <TwoFactorCodeForm challengeToken={challengeToken} onBack={() => setChallengeToken(null)} />
      </Suspense>
    );
  }

  return (
    <AuthForm onSubmit={onSubmit} message={message}>
      <DiscordNameInput registration={form.register('discordId')} error={errors.discordId} />
      <CurrentPasswordInput registration={form.register('password')} error={errors.password} />
      <AuthSubmitButton loading={isSubmitting || isRedirecting} mt="xs">
        Sign in
      </AuthSubmitButton>
      <CaptchaSlot containerRef={containerRef} />
    </AuthForm>
  );
}
