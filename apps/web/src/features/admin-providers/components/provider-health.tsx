import { Stack, Text, Tooltip } from '@mantine/core';
import type { CircuitState, ProviderHealthView } from '@portal/shared';
import { StatusBadge } from '../../../components/status-badge';
import { CIRCUIT_STATUS_STYLE } from '../../../lib/status-styles';

/** What each circuit state means for purchases, on hover. */
const CIRCUIT_HELP: Record<CircuitState, string> = {
  closed: 'Purchases go through',
  open: 'Failing: skipped for a cool-down, routes use the next provider',
  'half-open': 'Trying one purchase after the cool-down',
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
  return (
    <Tooltip label={CIRCUIT_HELP[state]} withArrow multiline w={220}>
      <span>
        <StatusBadge statusStyle={CIRCUIT_STATUS_STYLE[state]} status={state} variant="outline" pill />
      </span>
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
