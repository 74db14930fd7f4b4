import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useDecideRefundRequest, useRefundRequests } from '../api/refund-requests';
import { DecisionDialog, type Decision } from '../components/decision-dialog';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'All', label: 'All' },
];
const COLORS = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

/** `/admin/refund-requests`: resellers' refund requests, oldest pending first; approve or reject. */
export function RefundRequestsPage() {
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useRefundRequests(status, page);
  const decide = useDecideRefundRequest();
  const [decision, setDecision] = useState<Decision>(null);
  const requests = data?.requests ?? [];

  const confirm = (reason: string) => {
    if (!decision) return;
    decide.mutate(
      { id: decision.request._id, decision: decision.decision, reason },
      { onSuccess: (r) => notifySuccess(r.message), onSettled: () => setDecision(null) },
    );
  };

  return (
    <>
      <PageHeader
        title="Refund Requests"
        description="Resellers ask for refunds of completed orders. Approving refunds the order; rejecting tells them why."
      />
      <Stack gap="md">
        <SegmentedControl
          aria-label="Request status"
          data={STATUSES}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Paper withBorder radius="md">
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table striped verticalSpacing="sm" miw={880} aria-label="Refund requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Reseller</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((request) => (
                  <Table.Tr key={request._id} data-testid="refund-request-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="xs">{new Date(request.createdAt).toLocaleString('en-US')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {request.order.OrderId}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {request.order.labelType.name} · {request.order.tracking ?? 'no tracking'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{request.reseller.discordId}</Table.Td>
                    <Table.Td ta="right">{formatUsd(request.order.price)}</Table.Td>
                    <Table.Td maw={260}>
                      <Text size="sm">{request.reason ?? '—'}</Text>
                      {request.rejectionReason && (
                        <Text size="xs" c="red.9">
                          Declined: {request.rejectionReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={COLORS[request.status]}
                        variant="light"
                        radius="sm"
                        tt="capitalize"
                        style={{ minWidth: 'max-content' }}
                      >
                        {request.status}
                      </Badge>
                      {request.decidedBy && (
                        <Text size="xs" c="dimmed">
                          by {request.decidedBy.discordId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {request.status === 'pending' && (
                        <Group gap={6} justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            color="teal"
                            aria-label={`Approve ${request.order.OrderId}`}
                            onClick={() => setDecision({ request, decision: 'approve' })}
                          >
                            Approve
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            aria-label={`Reject ${request.order.OrderId}`}
                            onClick={() => setDecision({ request, decision: 'reject' })}
                          >
                            Reject
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {!isPending && requests.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              {status === 'pending'
                ? 'No refund requests waiting. All caught up.'
                : 'No refund requests here.'}
            </Text>
          )}
          {isPending && (
            <Text c="dimmed" size="sm" ta="center" py="xl" role="status">
              Loading refund requests…
            </Text>
          )}
        </Paper>
        {data && data.totalPages > 1 && (
          <PageNav page={page} totalPages={data.totalPages} onPage={setPage} label="Refund request pages" />
        )}
      </Stack>
      <DecisionDialog
        value={decision}
        isSending={decide.isPending}
        onConfirm={confirm}
        onClose={() => setDecision(null)}
      />
    </>
  );
}
