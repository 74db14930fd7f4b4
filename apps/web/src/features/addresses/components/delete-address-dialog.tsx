import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AddressView } from '@portal/shared';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAddress } from '../api/addresses';
import { formatAddressLine } from '../lib/format-address';

export const DELETE_ADDRESS_QUESTION = 'Are you sure you want to delete this address?';

type DeleteAddressDialogProps = { address: AddressView | null; onClose: () => void };

/** The delete confirmation (spec section 2): the question, the address, and a clear way back. */
export function DeleteAddressDialog({ address, onClose }: DeleteAddressDialogProps) {
  const deleteAddress = useDeleteAddress();

  const confirm = async () => {
    if (!address || deleteAddress.isPending) return;
    try {
      const { message } = await deleteAddress.mutateAsync(address._id);
      notifySuccess(message);
      onClose();
    } catch {
      // The server's message is already in a toast; the dialog stays open to try again or cancel.
    }
  };

  return (
    <Modal opened={address !== null} onClose={onClose} title="Delete address" centered>
      <Stack gap="md">
        <Text>{DELETE_ADDRESS_QUESTION}</Text>
        {address && (
          <Text size="sm" c="dimmed">
            <Text span fw={600} c="var(--mantine-color-text)">
              {address.name}
            </Text>
            {' · '}
            {formatAddressLine(address)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deleteAddress.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={deleteAddress.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
