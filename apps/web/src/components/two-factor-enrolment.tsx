import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Code, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { twoFactorEnableBody, type TwoFactorEnableBody } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { enableTwoFactor, setupTwoFactor } from '../api/two-factor';
import { ErrorAlert } from './error-alert';
import { RecoveryCodes } from './recovery-codes';

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
      <RecoveryCodes
        message={enable.data.message}
        recoveryCodes={enable.data.recoveryCodes}
        onDone={onDone}
      />
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
