import { Alert, Button, Code, Group, Image, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../lib/notify';
import { enableTwoFactor, setupTwoFactor } from '../lib/two-factor';

/**
 * Turning on two-factor sign-in: a QR code drawn here in the browser (the secret never leaves for an outside
 * service) with the key as text, a first code to prove the app holds it, then the recovery codes, shown once.
 */
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const setup = useMutation({ mutationFn: setupTwoFactor });
  const enable = useMutation({ mutationFn: enableTwoFactor });
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { mutate: startSetup } = setup;

  useEffect(() => startSetup(), [startSetup]);
  useEffect(() => {
    if (!setup.data) return;
    void QRCode.toDataURL(setup.data.otpauthUrl, { margin: 1, width: 200 }).then(setQrCode);
  }, [setup.data]);

  if (enable.data) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {enable.data.message}
        </Alert>
        <Text size="sm" fw={600}>
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they
          are shown only now.
        </Text>
        <List spacing={4} aria-label="Recovery codes" listStyleType="none">
          {enable.data.recoveryCodes.map((recoveryCode) => (
            <List.Item key={recoveryCode}>
              <Code fz="md">{recoveryCode}</Code>
            </List.Item>
          ))}
        </List>
        <Group>
          <Button
            variant="default"
            onClick={() => void navigator.clipboard?.writeText(enable.data.recoveryCodes.join('\n'))}
          >
            Copy codes
          </Button>
          <Button onClick={onDone}>I have saved my recovery codes</Button>
        </Group>
      </Stack>
    );
  }

  if (setup.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(setup.error)}
      </Alert>
    );
  }
  if (!setup.data) return <Loader size="sm" aria-label="Preparing two-factor setup" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim());
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, ...).
        </Text>
        {qrCode ? (
          <Image src={qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        ) : (
          <Loader size="sm" />
        )}
        <Text size="sm">
          Can&apos;t scan it? Enter this setup key:{' '}
          <Code data-testid="two-factor-secret">{setup.data.secret}</Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        {enable.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(enable.error)}
          </Alert>
        )}
        <TextInput
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maw={220}
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            Turn on two-factor sign-in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
