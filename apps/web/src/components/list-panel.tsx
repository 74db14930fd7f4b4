import { Button, EmptyState, Paper } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ListPanelProps = {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  color?: string;
  /** What to do about it (a button, or a group of them). */
  action?: ReactNode;
  variant?: 'light';
};

/**
 * The reseller's lists when there is nothing to show: an empty list, no match, or a failure. One panel for
 * the dashboard's orders, CSV orders and saved addresses (docs/decisions/295-shared-list-pieces.md).
 */
export function ListPanel({ icon, title, description, color, action, variant }: ListPanelProps) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <EmptyState icon={icon} variant={variant} color={color} title={title} description={description}>
        {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}

/** A list that could not load, with Try again. */
export function ListFailure({
  title,
  description,
  onRetry,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
}) {
  return (
    <ListPanel
      icon={<IconAlertCircle />}
      variant="light"
      color="red"
      title={title}
      description={description}
      action={
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
