import { Badge, Stack, Text } from '@mantine/core';
import type { AdminOrderView } from '@portal/shared';

const COLORS: Record<string, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'teal',
  cancelled: 'red',
};

const REQUEST_LABEL = { pending: 'Refund requested', approved: 'Refunded', rejected: 'Refund declined' };

/** The order's status, and its refund request when there is one. */
export function AdminOrderStatus({ order }: { order: AdminOrderView }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        color={COLORS[order.status] ?? 'gray'}
        variant="light"
        tt="capitalize"
        radius="sm"
        style={{ minWidth: 'max-content' }}
      >
        {order.status}
      </Badge>
      {order.refundRequest && (
        <Text size="xs" c={order.refundRequest.status === 'pending' ? 'yellow.9' : 'dimmed'} fw={600}>
          {REQUEST_LABEL[order.refundRequest.status]}
        </Text>
      )}
    </Stack>
  );
}

export const isRefundable = (order: AdminOrderView): boolean => order.status !== 'cancelled';
