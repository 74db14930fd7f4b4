import { Group, Progress, Stack, Text } from '@mantine/core';
import type { BulkOrderView } from '@portal/shared';

/** Labels done of total: green for made, red for cancelled (refunded) rows. */
export function BulkProgress({ order }: { order: BulkOrderView }) {
  const { totalOrders, progress } = order;
  const share = (n: number) => (totalOrders > 0 ? (n / totalOrders) * 100 : 0);
  return (
    <Stack gap={4} miw={140}>
      {/* Each section is a progressbar of its own, so each carries the name (the root div has no role to name). */}
      <Progress.Root size="md" radius="xl">
        <Progress.Section
          value={share(progress.completed)}
          color="teal"
          aria-label={`${progress.completed} of ${totalOrders} labels made`}
        />
        <Progress.Section
          value={share(progress.cancelled)}
          color="red"
          aria-label={`${progress.cancelled} of ${totalOrders} labels cancelled`}
        />
      </Progress.Root>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" fw={600} data-testid="bulk-progress" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {progress.done} / {totalOrders}
        </Text>
        <Text size="xs" c="dimmed">
          {progress.cancelled > 0 ? `labels · ${progress.cancelled} cancelled` : 'labels'}
        </Text>
      </Group>
    </Stack>
  );
}
