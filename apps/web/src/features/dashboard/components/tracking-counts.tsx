import { Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { TrackingStatus } from '@portal/shared';
import type { ReactNode } from 'react';
import { TRACKING_STATUS_LOOK } from '../../../lib/status-looks';
import { useTrackingCounts } from '../api/get-tracking-counts';

type CountKey = 'inTransit' | 'delivered' | 'problems';

/** Each count, the colour of its status, and the filter a click on it applies. */
const TILES: { key: CountKey; label: string; color: string; filter: TrackingStatus }[] = [
  {
    key: 'inTransit',
    label: 'In transit',
    color: TRACKING_STATUS_LOOK.in_transit.color,
    filter: 'in_transit',
  },
  { key: 'delivered', label: 'Delivered', color: TRACKING_STATUS_LOOK.delivered.color, filter: 'delivered' },
  { key: 'problems', label: 'Problems', color: TRACKING_STATUS_LOOK.failure.color, filter: 'failure' },
];

type TrackingCountsProps = {
  active: TrackingStatus | '';
  onChoose: (filter: TrackingStatus | '') => void;
  /** The full tracking filter, beside the counts. */
  filter: ReactNode;
};

/** How many parcels are moving, delivered or in trouble; a count filters the history, a second click clears it. */
export function TrackingCounts({ active, onChoose, filter }: TrackingCountsProps) {
  const counts = useTrackingCounts();
  return (
    <Group gap="sm" align="stretch" wrap="wrap" role="group" aria-label="Tracking">
      <SimpleGrid cols={3} spacing="sm" style={{ flex: '1 1 320px' }}>
        {TILES.map((tile) => {
          const isActive = active === tile.filter;
          return (
            <UnstyledButton
              key={tile.key}
              aria-pressed={isActive}
              onClick={() => onChoose(isActive ? '' : tile.filter)}
              data-testid={`tracking-count-${tile.key}`}
            >
              <Paper
                withBorder
                radius="md"
                px="sm"
                py={8}
                h="100%"
                style={{
                  borderColor: isActive ? `var(--mantine-color-${tile.color}-6)` : undefined,
                  borderLeft: `4px solid var(--mantine-color-${tile.color}-6)`,
                }}
                bg={isActive ? `${tile.color}.0` : undefined}
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
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {filter}
    </Group>
  );
}
