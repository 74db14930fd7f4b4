import { Alert, Badge, Button, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { WebhookDeliveryView } from '@portal/shared';
import { DataTable, type DataColumn } from '../../../components/data-table';
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

type Resend = ReturnType<typeof useResendWebhookDelivery>;

const columns = (endpointId: string, resend: Resend): DataColumn<WebhookDeliveryView>[] => [
  {
    key: 'event',
    header: 'Event',
    cell: (d) => (
      <>
        <Text size="sm">{d.eventType}</Text>
        <Text size="xs" c="dimmed">
          {when(d.createdAt)}
        </Text>
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (d) => <Outcome d={d} /> },
  { key: 'duration', header: 'Duration', cell: (d) => (d.durationMs === null ? '—' : `${d.durationMs} ms`) },
  { key: 'attempt', header: 'Attempt', cell: (d) => d.attempts },
  { key: 'retry', header: 'Next retry', cell: (d) => (d.nextRetryAt ? when(d.nextRetryAt) : '—') },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (d) => (
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
    ),
  },
];

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
    <DataTable
      look="plain"
      label="Delivery log"
      columns={columns(endpointId, resend)}
      rows={rows}
      rowKey={(d) => d.id}
      isLoading={false}
      empty={null}
      minWidth={620}
      verticalSpacing={6}
      highlightOnHover={false}
    />
  );
}
