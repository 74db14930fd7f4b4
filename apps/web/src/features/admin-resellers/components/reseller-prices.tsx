import {
  Alert,
  Badge,
  Button,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatUsd, type ResellerPriceView } from '@portal/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/notify';
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

const range = (prices: ResellerPriceView['prices']) => {
  const values = prices.map((p) => p.price);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? formatUsd(low) : `${formatUsd(low)} – ${formatUsd(high)}`;
};

/** The reseller's prices per label type, each editable: default, a percentage, or their own tiers. */
export function ResellerPrices({ userId, discordId }: { userId: string; discordId: string }) {
  const { data, isPending, error } = useResellerPrices(userId);
  const [editing, setEditing] = useState<ResellerPriceView | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Prices
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {isPending && <Skeleton h={160} radius="md" />}
      {data && (
        <Paper withBorder radius="md">
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table verticalSpacing="xs" miw={480} aria-label="Prices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Label type</Table.Th>
                  <Table.Th>Pricing</Table.Th>
                  <Table.Th>They pay</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((row) => {
                  const kind = kindOf(row);
                  return (
                    <Table.Tr key={row.labelType._id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.labelType.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={kind.color} variant="light" tt="none">
                          {kind.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{range(row.prices)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing(row)}
                          aria-label={`Edit ${row.labelType.name} prices`}
                        >
                          Edit
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      <ResellerPriceDialog
        userId={userId}
        discordId={discordId}
        row={editing}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
