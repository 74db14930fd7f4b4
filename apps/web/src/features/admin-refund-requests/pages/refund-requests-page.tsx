import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatUsd, type AdminRefundRequestView } from '@portal/shared';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { StatusBadge } from '../../../components/status-badge';
import { notifySuccess } from '../../../lib/notify';
import { REFUND_REQUEST_STATUS_STYLE } from '../../../lib/status-styles';
import { usePagedList } from '../../../lib/use-paged-list';
import { useDecideRefundRequest, useRefundRequests } from '../api/refund-requests';
import { DecisionDialog, type Decision } from '../components/decision-dialog';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'All', label: 'All' },
];

const columns = (decide: (decision: Decision) => void): DataColumn<AdminRefundRequestView>[] => [
  {
    key: 'requested',
    header: 'Requested',
    noWrap: true,
    cell: (request) => <Text size="xs">{new Date(request.createdAt).toLocaleString('en-US')}</Text>,
  },
  {
    key: 'order',
    header: 'Order',
    cell: (request) => (
      <>
        <Text size="sm" fw={600}>
          {request.order.OrderId}
        </Text>
        <Text size="xs" c="dimmed">
          {request.order.labelType.name} · {request.order.tracking ?? 'no tracking'}
        </Text>
      </>
    ),
  },
  { key: 'reseller', header: 'Reseller', cell: (request) => request.reseller.discordId },
  { key: 'amount', header: 'Amount', align: 'right', cell: (request) => formatUsd(request.order.price) },
  {
    key: 'reason',
    header: 'Reason',
    td: () => ({ maw: 260 }),
    cell: (request) => (
      <>
        <Text size="sm">{request.reason ?? '—'}</Text>
        {request.rejectionReason && (
          <Text size="xs" c="red.9">
            Declined: {request.rejectionReason}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (request) => (
      <>
        <StatusBadge statusStyle={REFUND_REQUEST_STATUS_STYLE[request.status]} status={request.status} />
        {request.decidedBy && (
          <Text size="xs" c="dimmed">
            by {request.decidedBy.discordId}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    align: 'right',
    cell: (request) =>
      request.status === 'pending' && (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            color="teal"
            aria-label={`Approve ${request.order.OrderId}`}
            onClick={() => decide({ request, decision: 'approve' })}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Reject ${request.order.OrderId}`}
            onClick={() => decide({ request, decision: 'reject' })}
          >
            Reject
          </Button>
        </Group>
      ),
  },
];

/** `/admin/refund-requests`: resellers' refund requests, oldest pending first; approve or reject. */
export function RefundRequestsPage() {
  const list = usePagedList({ status: 'pending' });
  const { status } = list.filters;
  const { data, isPending, error } = useRefundRequests(status, list.page);
  const decide = useDecideRefundRequest();
  const [decision, setDecision] = useState<Decision>(null);

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
          onChange={(next) => list.setFilter('status', next)}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        <DataTable
          label="Refund requests"
          columns={columns(setDecision)}
          rows={data?.requests}
          rowTestId="refund-request-row"
          isLoading={isPending}
          error={error}
          minWidth={880}
          highlightOnHover={false}
          empty={
            status === 'pending' ? 'No refund requests waiting. All caught up.' : 'No refund requests here.'
          }
        />
        <PageNav {...list.nav} totalPages={data?.totalPages} label="Refund request pages" />
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
