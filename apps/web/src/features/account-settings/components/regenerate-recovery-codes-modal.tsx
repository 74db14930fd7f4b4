import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { regenerateRecoveryCodesBody, type RegenerateRecoveryCodesBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { PasswordAndCodeFields } from './password-and-code-fields';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useRegenerateRecoveryCodes } from '../api/two-factor';

/**
 * New recovery codes with the password and a current code: the new ones are shown once, here, and the
 * old ones stop working.
 */
export function RegenerateRecoveryCodesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<RegenerateRecoveryCodesBody>({
    resolver: zodResolver(regenerateRecoveryCodesBody),
    defaultValues: { password: '', code: '' },
  });
  const close = () => {
    form.reset();
    regenerate.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((body) =>
    regenerate.mutate(body, {
      onError: (error) => showServerFieldErrors(error, form.setError, ['password', 'code'] as const),
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title="Regenerate recovery codes" centered>
      {regenerate.data ? (
        <RecoveryCodes
          message={regenerate.data.message}
          recoveryCodes={regenerate.data.recoveryCodes}
          onDone={close}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm">
              Confirm with your password and a code from your app. Your current recovery codes stop working.
            </Text>
            <ErrorAlert error={regenerate.error} />
            <PasswordAndCodeFields form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                Regenerate codes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
