import { Box, Group, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { marginScale, type MarginDay } from '../lib/margin-days';

const HEIGHT = 160;
const BAR = 10;
const GAP = 4;

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const describe = (d: MarginDay) =>
  d.labels === 0
    ? `${shortDate(d.day)}: no labels bought`
    : `${shortDate(d.day)}: margin ${formatUsd(d.margin)} on ${d.labels} ${d.labels === 1 ? 'label' : 'labels'}` +
      ` (revenue ${formatUsd(d.revenue)}, cost ${formatUsd(d.cost)})` +
      (d.belowCost > 0 ? `, ${d.belowCost} below cost` : '');

/**
 * Margin per day as bars around a zero line: gains above in teal, losses below in red. A small SVG
 * (decision 275): @mantine/charts pins an older @mantine/core than the app uses. Each bar names its day
 * and figures for pointer and screen reader alike.
 */
export function MarginChart({ days, summary }: { days: readonly MarginDay[]; summary: string }) {
  const { top, bottom } = marginScale(days);
  const y = (value: number) => ((top - value) / (top - bottom)) * HEIGHT;
  const zero = y(0);
  const width = days.length * (BAR + GAP);
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          {formatUsd(top)}
        </Text>
      </Group>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        data-testid="margin-chart"
        style={{ display: 'block', overflow: 'visible' }}
      >
        {days.map((d, i) => {
          const height = Math.max(d.labels > 0 ? 1.5 : 0, Math.abs(y(d.margin) - zero));
          return (
            <rect
              key={d.day}
              data-testid="margin-bar"
              data-margin={d.margin}
              x={i * (BAR + GAP) + GAP / 2}
              y={d.margin < 0 ? zero : zero - height}
              width={BAR}
              height={height}
              rx={2}
              fill={d.margin < 0 ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-teal-7)'}
            >
              <title>{describe(d)}</title>
            </rect>
          );
        })}
        <line
          x1={0}
          x2={width}
          y1={zero}
          y2={zero}
          stroke="var(--mantine-color-gray-5)"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {days[0] ? shortDate(days[0].day) : ''}
        </Text>
        {bottom < 0 && (
          <Text size="xs" c="red.8">
            lowest {formatUsd(bottom)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Today
        </Text>
      </Group>
    </Box>
  );
}
