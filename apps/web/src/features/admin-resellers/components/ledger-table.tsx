import { Badge, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { formatUsd, type LedgerEntryView } from '@portal/shared';

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

/** Balance changes: kind, amount, the balance it left, note, when and by whom. */
export function LedgerTable({ entries }: { entries: LedgerEntryView[] }) {
  if (entries.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        No balance changes yet.
      </Text>
    );
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto">
        <Table striped verticalSpacing="sm" miw={720} aria-label="Ledger">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Balance after</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry._id} data-testid="ledger-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(entry.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={KIND_LABEL[entry.kind].color} tt="none">
                    {KIND_LABEL[entry.kind].label}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" c={entry.amount < 0 ? 'red.8' : 'teal.9'} fw={600}>
                  {entry.amount > 0 ? '+' : '−'}
                  {formatUsd(Math.abs(entry.amount))}
                </Table.Td>
                <Table.Td ta="right">{formatUsd(entry.balanceAfter)}</Table.Td>
                <Table.Td>{entry.note ?? '—'}</Table.Td>
                <Table.Td>{madeBy(entry)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
