import { Box, Group, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { marginScale, type MarginDay } from '../lib/margin-days';

const HEIGHT = 160;
/** Room under the bars for the marks of days with labels sold below cost. */
const MARKS = 12;
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
          {top > 0 && days.some((d) => d.margin > 0) ? `up to ${formatUsd(top)}` : ''}
        </Text>
        {days.some((d) => d.belowCost > 0) && (
          <Group gap={6} wrap="nowrap">
            <Box w={10} h={6} bg="red.7" style={{ borderRadius: 2 }} aria-hidden />
            <Text size="xs" c="dimmed">
              Day with labels sold below cost
            </Text>
          </Group>
        )}
      </Group>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT + MARKS}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT + MARKS}
        data-testid="margin-chart"
        style={{ display: 'block', overflow: 'visible' }}
      >
        {days.map((d, i) => {
          const height = Math.max(d.labels > 0 ? 1.5 : 0, Math.abs(y(d.margin) - zero));
          return (
            <g key={d.day}>
              <rect
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
              {d.belowCost > 0 && (
                <rect
                  data-testid="below-cost-mark"
                  x={i * (BAR + GAP) + GAP / 2}
                  y={HEIGHT + 4}
                  width={BAR}
                  height={MARKS - 6}
                  rx={2}
                  fill="var(--mantine-color-red-7)"
                >
                  <title>{describe(d)}</title>
                </rect>
              )}
            </g>
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
