import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ShipmentCard = {
  id: string;
  /** The card's accessible name ("Pickup PU-1", "SCAN form 1a2b3c4d"). */
  label: string;
  /** Its first line: name and badges. */
  heading: ReactNode;
  /** The dimmed line under it: when, where, what it cost. */
  summary: ReactNode;
  /** "2 labels" or "1 package", before the order numbers. */
  count: string;
  orderIds: string[];
  /** The button on the right, if any. */
  action?: ReactNode;
};

/**
 * The Shipping day page's lists of what was made today (SCAN forms, pickups): one card each, its orders
 * listed, its action on the right, and a sentence when there are none.
 */
export function ShipmentCards({ cards, empty }: { cards: ShipmentCard[]; empty: string }) {
  if (cards.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {cards.map((card) => (
        <Paper key={card.id} withBorder radius="md" p="sm" component="li" aria-label={card.label}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">{card.heading}</Group>
              <Text size="sm" c="dimmed">
                {card.summary}
              </Text>
              <Text size="sm">
                {card.count}: {card.orderIds.join(', ')}
              </Text>
            </Stack>
            {card.action}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
