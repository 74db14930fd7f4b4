import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { reloadAt, storeAccessToken } from '../lib/auth-token';
import { errorMessage } from '../lib/notify';
import { loginWithSecondFactor } from '../lib/login-two-factor';
import { useTimedMessage } from '../lib/use-timed-message';
import { TimedMessageAlert } from './timed-message-alert';

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
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [isRedirecting, setIsRedirecting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return show('Enter the code from your authenticator app');
    setIsBusy(true);
    try {
      const result = await loginWithSecondFactor({ challengeToken, code: code.trim(), rememberDevice });
      storeAccessToken(result.accessToken);
      setIsRedirecting(true);
      show(result.message, 'success');
      reloadAt('/');
    } catch (error) {
      show(errorMessage(error));
      setCode('');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TimedMessageAlert message={message} />
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
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Checkbox
          label="Remember this device for 30 days"
          checked={rememberDevice}
          onChange={(event) => setRememberDevice(event.currentTarget.checked)}
        />
        <Button type="submit" size="md" fullWidth loading={isBusy || isRedirecting}>
          Verify
        </Button>
        <Text ta="center" size="sm">
          <Anchor component="button" type="button" onClick={onBack}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
