import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorDisableBody, type TwoFactorDisableBody } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TwoFactorEnrolment } from '../../../components/two-factor-enrolment';
import { ErrorAlert } from '../../../components/error-alert';
import { notifySuccess } from '../../../lib/notify';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useDisableTwoFactor, useRefreshTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { RegenerateRecoveryCodesModal } from './regenerate-recovery-codes-modal';
import { PasswordAndCodeFields } from './password-and-code-fields';
import { RememberedDevices } from './remembered-devices';
import { SettingsSection } from './settings-section';

/** Two-factor sign-in: optional for resellers, required for staff (who cannot leave it off for long). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactor();
  const [isEnrolling, setIsEnrolling] = useState(false);
  const [isDisabling, setIsDisabling] = useState(false);
  const [isRegenerating, setIsRegenerating] = useState(false);
  const isOn = status.data?.enabled === true;
  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="Sign in with your password and a code from an authenticator app on your phone."
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge color={isOn ? 'green' : 'gray'} variant="light">
              {isOn ? 'On' : 'Off'}
            </Badge>
            {isOn && (
              <Text size="sm" c="dimmed">
                Recovery codes left: {status.data?.recoveryCodesLeft}
              </Text>
            )}
          </Group>
          {status.data &&
            (isOn ? (
              <Group gap="xs">
                <Button variant="default" onClick={() => setIsRegenerating(true)}>
                  Regenerate recovery codes
                </Button>
                <Button variant="light" color="red" onClick={() => setIsDisabling(true)}>
                  Turn off
                </Button>
              </Group>
            ) : (
              !isEnrolling && <Button onClick={() => setIsEnrolling(true)}>Turn on two-factor sign-in</Button>
            ))}
        </Group>
        {status.data?.isRequired && !isOn && (
          <Text size="sm">Staff accounts need it to use the staff console.</Text>
        )}
        {isEnrolling && !isOn && (
          <TwoFactorEnrolment
            onDone={() => {
              setIsEnrolling(false);
              void refresh();
            }}
          />
        )}
        {isOn && <RememberedDevices />}
      </Stack>
      <DisableModal opened={isDisabling} onClose={() => setIsDisabling(false)} />
      <RegenerateRecoveryCodesModal opened={isRegenerating} onClose={() => setIsRegenerating(false)} />
    </SettingsSection>
  );
}

function DisableModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableBody>({
    resolver: zodResolver(twoFactorDisableBody),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        form.reset();
        onClose();
      },
      onError: (error) => showServerFieldErrors(error, form.setError, ['password', 'code'] as const),
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Turn off two-factor sign-in?" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">Confirm with your password and a code from your app (or a recovery code).</Text>
          <ErrorAlert error={disable.error} />
          <PasswordAndCodeFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
