import { Badge, Group, Text } from '@mantine/core';
import type { RouteStepView } from '@portal/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import { routeSummary } from '../lib/route-draft';

/** Where a label type is bought: "Test mode", or its providers in the order they are tried. */
export function RouteSummary({ route }: { route: readonly RouteStepView[] }) {
  if (route.length === 0)
    return (
      <Badge color="orange" variant="light" tt="none" style={{ minWidth: 'max-content' }}>
        Test mode
      </Badge>
    );
  return (
    <Group gap={4} wrap="wrap" aria-label={`Bought at ${routeSummary(route)}`}>
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
