import { useCan } from '../../../lib/team-role';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AddressView } from '@portal/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { RowActions } from '../../../components/icon-action';

type AddressListProps = {
  addresses: AddressView[];
  onEdit: (address: AddressView) => void;
  onDelete: (address: AddressView) => void;
};

function AddressActions({
  address,
  onEdit,
  onDelete,
}: { address: AddressView } & Omit<AddressListProps, 'addresses'>) {
  // A viewer reads the address book; changing it is for the roles that may (issue 45).
  const canWrite = useCan('addresses.write');
  if (!canWrite) return null;
  return (
    <RowActions
      actions={[
        {
          tip: 'Update',
          label: `Update ${address.name}`,
          icon: <IconPencil size={18} />,
          variant: 'subtle',
          onClick: () => onEdit(address),
        },
        {
          tip: 'Delete',
          label: `Delete ${address.name}`,
          icon: <IconTrash size={18} />,
          variant: 'subtle',
          color: 'red',
          onClick: () => onDelete(address),
        },
      ]}
    />
  );
}

const columns = (actions: Omit<AddressListProps, 'addresses'>): DataColumn<AddressView>[] => [
  { key: 'name', header: 'Name', td: () => ({ fw: 600 }), cell: (address) => address.name },
  {
    key: 'street',
    header: 'Street',
    cell: (address) => (
      <>
        {address.street}
        {address.street2 && (
          <Text size="xs" c="dimmed">
            {address.street2}
          </Text>
        )}
      </>
    ),
  },
  { key: 'city', header: 'City', cell: (address) => address.city },
  { key: 'state', header: 'State', cell: (address) => address.state },
  { key: 'zip', header: 'ZIP Code', figures: true, cell: (address) => address.zip },
  { key: 'country', header: 'Country', cell: () => 'United States' },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    width: 96,
    cell: (address) => <AddressActions address={address} {...actions} />,
  },
];

/** Saved addresses: a table on wide screens, one card per address on phones. */
export function AddressList({ addresses, onEdit, onDelete }: AddressListProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;

  if (isPhone) {
    return (
      <Stack gap="sm">
        {addresses.map((address) => (
          <Paper key={address._id} withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate>
                  {address.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {[address.street, address.street2].filter(Boolean).join(', ')}
                </Text>
                <Text size="sm" c="dimmed">
                  {address.city}, {address.state} {address.zip}
                </Text>
              </Stack>
              <AddressActions address={address} onEdit={onEdit} onDelete={onDelete} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg">
      <DataTable
        look="plain"
        label="Saved addresses"
        columns={columns({ onEdit, onDelete })}
        rows={addresses}
        isLoading={false}
        empty={null}
        striped={false}
        horizontalSpacing="md"
      />
    </Paper>
  );
}

export function AddressListSkeleton() {
  return (
    <Paper withBorder radius="lg" p="md" role="status" aria-busy="true" aria-label="Loading addresses">
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={22} radius="sm" />
        ))}
      </Stack>
    </Paper>
  );
}
