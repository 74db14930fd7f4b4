import { Badge, Stack, Table, Text } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';

/** What buying in route order would have cost beside what was paid (decision 332), or null. */
export function orderedRouteNote(order: Pick<AdminOrderView, 'cost' | 'orderedRouteCost'>): string | null {
  if (order.orderedRouteCost === null) return null;
  const ordered = `The ordered route would have cost ${formatUsd(order.orderedRouteCost)}`;
  if (order.cost === null) return ordered;
  const saved = Math.round((order.orderedRouteCost - order.cost) * 100) / 100;
  if (saved > 0) return `${ordered}: routing saved ${formatUsd(saved)}`;
  if (saved < 0) return `${ordered}: this route cost ${formatUsd(-saved)} more`;
  return `${ordered}, the same`;
}

/** Every live quote the order got, in route order: provider, amount, time to answer, the one bought. */
export function OrderQuotes({ order }: { order: AdminOrderView }) {
  if (order.quotes.length === 0) return null;
  const note = orderedRouteNote(order);
  return (
    <Stack gap={4}>
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Quotes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Provider</Table.Th>
            <Table.Th ta="right">Quote</Table.Th>
            <Table.Th ta="right">Time</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.quotes.map((quote) => (
            <Table.Tr key={quote.provider}>
              <Table.Td>
                {quote.provider}
                {quote.error && (
                  <Text size="xs" c="dimmed">
                    {quote.error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{quote.amount === null ? '—' : formatUsd(quote.amount)}</Table.Td>
              <Table.Td ta="right">{quote.ms} ms</Table.Td>
              <Table.Td>
                {quote.chosen ? (
                  <Badge color="teal" variant="light" tt="none">
                    Bought
                  </Badge>
                ) : quote.amount === null ? (
                  <Badge color="gray" variant="light" tt="none">
                    Skipped
                  </Badge>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
