import { ActionIcon, Group, Paper, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AddressView } from '@portal/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';

type AddressListProps = {
  addresses: AddressView[];
  onEdit: (address: AddressView) => void;
  onDelete: (address: AddressView) => void;
};

function RowActions({
  address,
  onEdit,
  onDelete,
}: { address: AddressView } & Omit<AddressListProps, 'addresses'>) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Update" withArrow>
        <ActionIcon variant="subtle" aria-label={`Update ${address.name}`} onClick={() => onEdit(address)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${address.name}`}
          onClick={() => onDelete(address)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

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
              <RowActions address={address} onEdit={onEdit} onDelete={onDelete} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Street</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>ZIP Code</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th w={96} ta="right">
                Actions
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {addresses.map((address) => (
              <Table.Tr key={address._id}>
                <Table.Td fw={600}>{address.name}</Table.Td>
                <Table.Td>
                  {address.street}
                  {address.street2 && (
                    <Text size="xs" c="dimmed">
                      {address.street2}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{address.city}</Table.Td>
                <Table.Td>{address.state}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{address.zip}</Table.Td>
                <Table.Td>United States</Table.Td>
                <Table.Td>
                  <RowActions address={address} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
