import { Box, Group, Paper, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { useState } from 'react';

type Day = { date: string; labels: number; revenue: number };
const CHART_HEIGHT = 180;

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Revenue or labels per day as bars (decision 080: drawn with Mantine's own boxes, since
 * @mantine/charts pins an older @mantine/core than the app uses).
 */
export function DailyChart({ days }: { days: Day[] }) {
  const [metric, setMetric] = useState<'revenue' | 'labels'>('revenue');
  const valueOf = (day: Day) => (metric === 'revenue' ? day.revenue : day.labels);
  const max = Math.max(1, ...days.map(valueOf));
  const format = (day: Day) => (metric === 'revenue' ? formatUsd(day.revenue) : `${day.labels} labels`);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text fw={600}>Last 30 days</Text>
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(value) => setMetric(value as 'revenue' | 'labels')}
          data={[
            { label: 'Revenue', value: 'revenue' },
            { label: 'Labels', value: 'labels' },
          ]}
          aria-label="Chart metric"
        />
      </Group>
      <Box
        role="img"
        aria-label={`${metric === 'revenue' ? 'Revenue' : 'Labels'} per day for the last 30 days`}
        style={{ display: 'flex', alignItems: 'flex-end', gap: 3, height: CHART_HEIGHT }}
      >
        {days.map((day) => (
          <Tooltip key={day.date} label={`${shortDate(day.date)}: ${format(day)}`} withArrow>
            <Box
              data-testid="chart-bar"
              style={{
                flex: 1,
                minWidth: 2,
                height: `${Math.max(2, (valueOf(day) / max) * CHART_HEIGHT)}px`,
                background: valueOf(day) > 0 ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-3)',
                borderRadius: '3px 3px 0 0',
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Stack gap={0} mt={6}>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {days[0] ? shortDate(days[0].date) : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Today
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
