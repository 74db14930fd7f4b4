import { Badge, Group, Text } from '@mantine/core';
import type { RouteMode, RouteStepView } from '@portal/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import { routeSummary } from '../lib/route-draft';

/** What a route mode other than "in order" is called beside the route (decision 332). */
const MODE_BADGES: Partial<Record<RouteMode, string>> = {
  cheapest: 'Cheapest quote',
  'cheapest-within': 'First unless cheaper',
};

/** Where a label type is bought: "Test mode", or its providers in the order they are tried. */
export function RouteSummary({
  route,
  mode = 'ordered',
}: {
  route: readonly RouteStepView[];
  mode?: RouteMode;
}) {
  if (route.length === 0)
    return (
      <Badge color="orange" variant="light" tt="none" style={{ minWidth: 'max-content' }}>
        Test mode
      </Badge>
    );
  const badge = MODE_BADGES[mode];
  return (
    <Group gap={4} wrap="wrap" aria-label={`Bought at ${routeSummary(route)}${badge ? ` (${badge})` : ''}`}>
      {badge && (
        <Badge color="teal" variant="light" tt="none">
          {badge}
        </Badge>
      )}
      {route.map((step, i) => (
        <Fragment key={step.providerId}>
          {i > 0 && <IconChevronRight size={12} aria-hidden color="var(--mantine-color-dimmed)" />}
          <Text
            size="sm"
            fw={i === 0 ? 600 : 400}
            c={step.enabled ? undefined : 'dimmed'}
            td={step.enabled ? undefined : 'line-through'}
            title={step.enabled ? step.service : `${step.providerName} is disabled: skipped`}
          >
            {step.providerName}
          </Text>
        </Fragment>
      ))}
    </Group>
  );
}
