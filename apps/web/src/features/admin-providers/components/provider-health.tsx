import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { CircuitState, ProviderHealthView } from '@portal/shared';

const CIRCUIT: Record<CircuitState, { color: string; label: string; help: string }> = {
  closed: { color: 'teal', label: 'Closed', help: 'Purchases go through' },
  open: {
    color: 'red',
    label: 'Open',
    help: 'Failing: skipped for a cool-down, routes use the next provider',
  },
  'half-open': { color: 'yellow', label: 'Half-open', help: 'Trying one purchase after the cool-down' },
};

export const percent = (rate: number) => `${(Math.floor(rate * 1000) / 10).toLocaleString('en-US')}%`;

/** Success rate and p95 latency over the last hour, or that there were no calls. */
export function ProviderCalls({ health }: { health: ProviderHealthView }) {
  if (health.calls === 0 || health.successRate === null)
    return (
      <Text size="sm" c="dimmed">
        No calls in the last hour
      </Text>
    );
  const isPoor = health.successRate < 0.9;
  return (
    <Stack gap={0}>
      <Text
        size="sm"
        fw={600}
        c={isPoor ? 'red.8' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {percent(health.successRate)} ok
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {health.calls.toLocaleString('en-US')} {health.calls === 1 ? 'call' : 'calls'}
        {health.p95Ms !== null && ` · p95 ${Math.round(health.p95Ms).toLocaleString('en-US')} ms`}
      </Text>
    </Stack>
  );
}

/** The circuit breaker's state, explained on hover. */
export function CircuitBadge({ state }: { state: CircuitState }) {
  const circuit = CIRCUIT[state];
  return (
    <Tooltip label={circuit.help} withArrow multiline w={220}>
      <Badge color={circuit.color} variant="outline" tt="none" style={{ minWidth: 'max-content' }}>
        Circuit {circuit.label.toLowerCase()}
      </Badge>
    </Tooltip>
  );
}

/** The last failed call: its message, clamped to two lines, with when it happened. */
export function LastError({ error }: { error: ProviderHealthView['lastError'] }) {
  if (!error)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap={0} maw={220}>
      <Text size="sm" c="red.8" lineClamp={2} title={error.message}>
        {error.message}
      </Text>
      <Text size="xs" c="dimmed">
        {new Date(error.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
      </Text>
    </Stack>
  );
}
