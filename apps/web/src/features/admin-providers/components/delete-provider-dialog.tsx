import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ProviderView } from '@portal/shared';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useDeleteProvider } from '../api/providers';

type Props = { provider: ProviderView | null; onClose: () => void };

/** Delete after a confirmation; the server refuses one still routed or with purchases, and says why here. */
export function DeleteProviderDialog({ provider, onClose }: Props) {
  const remove = useDeleteProvider();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!provider || remove.isPending) return;
    remove.mutate(provider._id, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        close();
      },
    });
  };
  return (
    <Modal
      opened={provider !== null}
      onClose={close}
      title={`Delete ${provider?.name ?? 'provider'}?`}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Its sealed credentials are erased. A provider that bought labels cannot be deleted: disable it
          instead, so the cost of its labels stays on record.
        </Text>
        {remove.error && (
          <Text c="red.8" size="sm" role="alert">
            {errorMessage(remove.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Delete provider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
