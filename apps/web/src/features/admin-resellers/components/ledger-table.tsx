import { Badge, Text } from '@mantine/core';
import { formatUsd, type LedgerEntryView } from '@portal/shared';
import { DataTable, type DataColumn } from '../../../components/data-table';

const KIND_LABEL: Record<LedgerEntryView['kind'], { label: string; color: string }> = {
  deposit: { label: 'Deposit', color: 'teal' },
  order_charge: { label: 'Order charge', color: 'gray' },
  refund: { label: 'Refund', color: 'blue' },
  adjustment: { label: 'Adjustment', color: 'grape' },
};

/**
 * Who made a balance change: the staff member when one did. Otherwise a charge or deposit is the
 * reseller's own, and a refund or adjustment the system's (a failed label's refund, the demo balance).
 */
const madeBy = (entry: LedgerEntryView): string =>
  entry.by?.discordId ?? (entry.kind === 'order_charge' || entry.kind === 'deposit' ? 'Reseller' : 'System');

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const COLUMNS: DataColumn<LedgerEntryView>[] = [
  { key: 'when', header: 'When', noWrap: true, cell: (entry) => when(entry.createdAt) },
  {
    key: 'kind',
    header: 'Kind',
    cell: (entry) => (
      <Badge variant="light" color={KIND_LABEL[entry.kind].color} tt="none">
        {KIND_LABEL[entry.kind].label}
      </Badge>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    td: (entry) => ({ c: entry.amount < 0 ? 'red.8' : 'teal.9', fw: 600 }),
    cell: (entry) => `${entry.amount > 0 ? '+' : '−'}${formatUsd(Math.abs(entry.amount))}`,
  },
  { key: 'balance', header: 'Balance after', align: 'right', cell: (entry) => formatUsd(entry.balanceAfter) },
  { key: 'note', header: 'Note', cell: (entry) => entry.note ?? '—' },
  { key: 'by', header: 'By', cell: madeBy },
];

/** Balance changes: kind, amount, the balance it left, note, when and by whom. */
export function LedgerTable({ entries }: { entries: LedgerEntryView[] }) {
  if (entries.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        No balance changes yet.
      </Text>
    );
  return (
    <DataTable
      label="Ledger"
      columns={COLUMNS}
      rows={entries}
      rowTestId="ledger-row"
      isLoading={false}
      highlightOnHover={false}
      empty={null}
    />
  );
}
