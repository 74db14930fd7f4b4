import { Anchor, Text, TextInput } from '@mantine/core';
import { loginTwoFactorBody, type LoginTwoFactorBody } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthForm, AuthSubmitButton } from './auth-fields';
import { CheckboxField } from './form-fields';
import { reloadAt, storeAccessToken } from '../lib/auth-token';
import { errorMessage } from '../lib/notify';
import { loginWithSecondFactor } from '../api/login-two-factor';
import { schemaResolver } from '../lib/schema-resolver';
import { useTimedMessage } from '../lib/use-timed-message';

type CodeFormValues = { code: string; rememberDevice: boolean };

/**
 * The second step of a sign-in (after the password, or after a password reset): the authenticator's code
 * or a recovery code, and whether to remember this browser for 30 days.
 */
export function TwoFactorCodeForm({
  challengeToken,
  onBack,
}: {
  challengeToken: string;
  onBack: () => void;
}) {
  const { message, show } = useTimedMessage();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const form = useForm<CodeFormValues, unknown, LoginTwoFactorBody>({
    // The shared body judges the code; the challenge comes from the password step, not from a field.
    resolver: schemaResolver(loginTwoFactorBody, (values: CodeFormValues) => ({ ...values, challengeToken })),
    defaultValues: { code: '', rememberDevice: false },
  });

  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        const result = await loginWithSecondFactor(body);
        storeAccessToken(result.accessToken);
        setIsRedirecting(true);
        show(result.message, 'success');
        reloadAt('/');
      } catch (error) {
        show(errorMessage(error));
        form.setValue('code', '');
      }
    },
    // A missing code is said above the form, where the server's answers appear too.
    (errors) => errors.code?.message && show(errors.code.message),
  );

  return (
    <AuthForm onSubmit={onSubmit} message={message}>
      <Text size="sm">
        Open your authenticator app and enter the 6-digit code for LabelPort. Lost your phone? Enter one of
        your recovery codes instead.
      </Text>
      <TextInput
        label="Authentication code"
        placeholder="123456 or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        size="md"
        data-autofocus
        {...form.register('code')}
      />
      <CheckboxField control={form.control} name="rememberDevice" label="Remember this device for 30 days" />
      <AuthSubmitButton loading={form.formState.isSubmitting || isRedirecting}>Verify</AuthSubmitButton>
      <Text ta="center" size="sm">
        <Anchor component="button" type="button" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthForm>
  );
}
