import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, Group, Image, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { twoFactorEnableBody, type TwoFactorEnableBody } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { enableTwoFactor, setupTwoFactor } from '../lib/two-factor';
import { ErrorAlert } from './error-alert';

/**
 * Turning on two-factor sign-in: a QR code drawn here in the browser (the secret never leaves for an outside
 * service) with the key as text, a first code to prove the app holds it, then the recovery codes, shown once.
 */
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const setup = useMutation({ mutationFn: setupTwoFactor });
  const enable = useMutation({ mutationFn: enableTwoFactor });
  const [qrCode, setQrCode] = useState<string | null>(null);
  const form = useForm<TwoFactorEnableBody>({
    resolver: zodResolver(twoFactorEnableBody),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(({ code }) => enable.mutate(code));
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

  if (setup.isError) return <ErrorAlert error={setup.error} />;
  if (!setup.data) return <Loader size="sm" aria-label="Preparing two-factor setup" />;

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
        <ErrorAlert error={enable.error} />
        <TextInput
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
          error={form.formState.errors.code?.message}
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
