import { Badge, Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ResellerPriceView } from '@portal/shared';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { priceRange } from '../../../lib/price-range';
import { useResellerPrices } from '../api/prices';
import { ResellerPriceDialog } from './reseller-price-dialog';

const kindOf = (row: ResellerPriceView) =>
  row.own?.tiers
    ? { label: 'Own tiers', color: 'grape' }
    : row.own?.percent != null
      ? {
          label: `${row.own.percent > 0 ? '+' : ''}${row.own.percent}%`,
          color: row.own.percent < 0 ? 'teal' : 'orange',
        }
      : { label: 'Default', color: 'gray' };

const columns = (onEdit: (row: ResellerPriceView) => void): DataColumn<ResellerPriceView>[] => [
  {
    key: 'labelType',
    header: 'Label type',
    cell: (row) => (
      <Text size="sm" fw={500}>
        {row.labelType.name}
      </Text>
    ),
  },
  {
    key: 'pricing',
    header: 'Pricing',
    cell: (row) => {
      const kind = kindOf(row);
      return (
        <Badge color={kind.color} variant="light" tt="none">
          {kind.label}
        </Badge>
      );
    },
  },
  { key: 'pay', header: 'They pay', noWrap: true, cell: (row) => priceRange(row.prices) },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    cell: (row) => (
      <Button
        size="xs"
        variant="default"
        onClick={() => onEdit(row)}
        aria-label={`Edit ${row.labelType.name} prices`}
      >
        Edit
      </Button>
    ),
  },
];

/** The reseller's prices per label type, each editable: default, a percentage, or their own tiers. */
export function ResellerPrices({ userId, discordId }: { userId: string; discordId: string }) {
  const { data, isPending, error } = useResellerPrices(userId);
  const [editing, setEditing] = useState<ResellerPriceView | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Prices
      </Title>
      <DataTable
        label="Prices"
        columns={columns(setEditing)}
        rows={data}
        rowKey={(row) => row.labelType._id}
        isLoading={isPending}
        error={error}
        minWidth={480}
        verticalSpacing="xs"
        striped={false}
        highlightOnHover={false}
        empty={null}
      />
      <ResellerPriceDialog
        userId={userId}
        discordId={discordId}
        row={editing}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
