import { Alert, Badge, Button, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WebhookDeliveryView } from '@portal/shared';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';

const when = (iso: string) => new Date(iso).toLocaleString();
const STATUS_COLOR = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;

function Outcome({ d }: { d: WebhookDeliveryView }) {
  return (
    <Badge color={STATUS_COLOR[d.status]} variant="light" title={d.error ?? undefined}>
      {d.statusCode ?? (d.status === 'pending' && d.attempts === 0 ? 'queued' : d.status)}
    </Badge>
  );
}

/** The endpoint's last 100 deliveries: event, outcome, duration, attempt, next retry, and Resend. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();
  if (deliveries.isPending) return <Skeleton h={80} />;
  if (deliveries.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(deliveries.error)}
      </Alert>
    );
  const rows = deliveries.data.deliveries;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet. Send a test event to try the endpoint.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped verticalSpacing={6} fz="sm" aria-label="Delivery log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Next retry</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Text size="sm">{d.eventType}</Text>
                <Text size="xs" c="dimmed">
                  {when(d.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Outcome d={d} />
              </Table.Td>
              <Table.Td>{d.durationMs === null ? '—' : `${d.durationMs} ms`}</Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.nextRetryAt ? when(d.nextRetryAt) : '—'}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={resend.isPending && resend.variables?.deliveryId === d.id}
                  onClick={() =>
                    resend.mutate(
                      { id: endpointId, deliveryId: d.id },
                      { onSuccess: (r) => notifySuccess(r.message), onError: notifyError },
                    )
                  }
                >
                  Resend
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
