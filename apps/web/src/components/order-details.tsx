import { Alert, Divider, Loader, SimpleGrid, Stack, Text, Title, type SimpleGridProps } from '@mantine/core';
import type { TrackingEventView } from '@portal/shared';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '../lib/notify';
import { DetailsDrawer } from './details-drawer';
import { TrackingTimeline } from './tracking-timeline';

/** A labelled fact of an order: "LABEL TYPE" over its value. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} miw={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

/** An address as lines under its label ("FROM", "TO"). */
export const PlaceFact = ({ label, lines }: { label: string; lines: string }) => (
  <Fact label={label}>
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {lines}
    </Text>
  </Fact>
);

type OrderDrawerProps<T extends { OrderId: string }> = {
  id: string | null;
  order: T | undefined;
  isPending: boolean;
  error: unknown;
  onClose: () => void;
  children: (order: T) => ReactNode;
};

/** One order opened from a list (the reseller's Order History, the console's orders): loading, failure, details. */
export function OrderDrawer<T extends { OrderId: string }>({
  id,
  order,
  isPending,
  error,
  onClose,
  children,
}: OrderDrawerProps<T>) {
  return (
    <DetailsDrawer opened={id !== null} onClose={onClose} title={order ? `Order ${order.OrderId}` : 'Order'}>
      {isPending && id && <Loader size="sm" aria-label="Loading the order" />}
      {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
      {order && children(order)}
    </DetailsDrawer>
  );
}

type OrderDetailsBodyProps = {
  /** Above the facts: the reseller's status badges and tracking link. */
  lead?: ReactNode;
  /** The facts, in the order they read; staff see more of them (reseller, cost, source). */
  facts: ReactNode;
  cols: SimpleGridProps['cols'];
  /** Under the facts: the refund, the provider's note. */
  notes?: ReactNode;
  events: readonly TrackingEventView[] | undefined;
  /** Staff's Close and Refund. */
  actions?: ReactNode;
};

/** The details both sides read: the facts, what is said about the refund, and the tracking history. */
export function OrderDetailsBody({ lead, facts, cols, notes, events, actions }: OrderDetailsBodyProps) {
  const titleId = useId();
  return (
    <Stack gap="lg">
      {lead}
      <SimpleGrid cols={cols} spacing="md" verticalSpacing="sm">
        {facts}
      </SimpleGrid>
      {notes}
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby={titleId}>
        <Title order={3} fz="md" id={titleId}>
          Tracking history
        </Title>
        <TrackingTimeline events={events ?? []} />
      </Stack>
      {actions}
    </Stack>
  );
}
