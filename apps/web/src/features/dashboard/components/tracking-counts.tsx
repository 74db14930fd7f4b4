import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TRACKING_STATUS_STYLE } from '../../../lib/status-styles';
import { useTrackingCounts } from '../api/orders';

type CountKey = 'inTransit' | 'delivered' | 'problems';

/**
 * The server's three counts over completed orders: in transit (with out for delivery and available for
 * pickup), delivered, problems (returned to sender or failed), each in the colour of its statuses.
 */
const TILES: { key: CountKey; label: string; color: string }[] = [
  { key: 'inTransit', label: 'In transit', color: TRACKING_STATUS_STYLE.in_transit.color },
  { key: 'delivered', label: 'Delivered', color: TRACKING_STATUS_STYLE.delivered.color },
  { key: 'problems', label: 'Problems', color: TRACKING_STATUS_STYLE.failure.color },
];

/** How many parcels are moving, delivered or in trouble, beside the tracking filter (`filter`). */
export function TrackingCounts({ filter }: { filter: ReactNode }) {
  const counts = useTrackingCounts();
  return (
    <Group gap="sm" align="stretch" wrap="wrap">
      <SimpleGrid cols={3} spacing="sm" style={{ flex: '1 1 300px' }}>
        {TILES.map((tile) => (
          <Paper
            key={tile.key}
            withBorder
            radius="md"
            px="sm"
            py={8}
            data-testid={`tracking-count-${tile.key}`}
            style={{ borderLeft: `4px solid var(--mantine-color-${tile.color}-6)` }}
          >
            <Text size="xs" c="dimmed" fw={500}>
              {tile.label}
            </Text>
            {counts.isPending ? (
              <Skeleton h={24} w={40} mt={2} radius="sm" />
            ) : (
              <Text fz={20} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {(counts.data?.[tile.key] ?? 0).toLocaleString('en-US')}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {filter}
    </Group>
  );
}
