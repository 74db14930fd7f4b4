import { Anchor, Button, Group, SegmentedControl, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatUsd, type AdminInvoiceView } from '@portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { StatusBadge } from '../../../components/status-badge';
import { invoiceStatusStyle } from '../../../lib/status-styles';
import { usePagedList } from '../../../lib/use-paged-list';
import { useAdminInvoices } from '../api/invoices';
import { DecideInvoiceDialog } from '../components/decide-invoice-dialog';
import { InvoiceReceipt } from '../components/invoice-receipt';
import { RefundInvoiceDialog } from '../components/refund-invoice-dialog';
import { CodeText } from '../../../components/code-text';
import { FilterBar, SearchInput } from '../../../components/search-input';

type Status = '' | 'pending' | 'completed' | 'cancelled';
type Method = '' | 'cashapp' | 'paypal' | 'stripe' | 'manual';
type Deciding = { invoice: AdminInvoiceView; action: 'approve' | 'cancel' | 'refund' };
const METHOD_LABEL: Record<string, string> = { cashapp: 'CashApp', paypal: 'Paypal', stripe: 'Stripe' };
const PROVIDER_LABEL: Record<string, string> = { stripe: 'Stripe', paypal: 'PayPal', square: 'Square' };
/** A hosted payment credits itself; staff decide only one flagged for them, and may refund a credited one. */
const isAutomatic = (invoice: AdminInvoiceView) => invoice.provider !== null && invoice.reviewReason === null;

/** The provider, its reference, fee and risk, or the reseller's receipt for a manual invoice. */
function PaymentCell({ invoice }: { invoice: AdminInvoiceView }) {
  if (!invoice.provider) return <InvoiceReceipt invoice={invoice} />;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {PROVIDER_LABEL[invoice.provider] ?? invoice.provider}
      </Text>
      {invoice.reference && <CodeText size="xs">{invoice.reference}</CodeText>}
      <Text size="xs" c="dimmed">
        {invoice.fee === null ? 'Fee not known yet' : `Fee ${formatUsd(invoice.fee)}`}
        {invoice.risk ? ` · Risk ${invoice.risk}` : ''}
        {invoice.disputeStatus ? ` · Dispute ${invoice.disputeStatus}` : ''}
        {invoice.refundedAt ? ' · Refunded' : ''}
      </Text>
      {invoice.reviewReason && (
        <Text size="xs" c="red">
          {invoice.reviewReason}
        </Text>
      )}
    </Stack>
  );
}

/** "3 h ago": how long an invoice has waited. */
const age = (iso: string, now = Date.now()) => {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
};

const columns = (decide: (deciding: Deciding) => void): DataColumn<AdminInvoiceView>[] => [
  {
    key: 'created',
    header: 'Created',
    noWrap: true,
    td: (invoice) => ({ title: new Date(invoice.createdAt).toLocaleString('en-US') }),
    cell: (invoice) => age(invoice.createdAt),
  },
  {
    key: 'reseller',
    header: 'Reseller',
    cell: (invoice) => (
      <Anchor component={Link} to={`/admin/resellers/${invoice.reseller._id}`} size="sm" fw={600}>
        {invoice.reseller.discordId}
      </Anchor>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    figures: true,
    cell: (invoice) => formatUsd(invoice.amount),
  },
  { key: 'method', header: 'Method', cell: (invoice) => METHOD_LABEL[invoice.payment_method] ?? 'Manual' },
  {
    key: 'note',
    header: 'Note',
    cell: (invoice) => <CodeText fw={600}>{invoice.note}</CodeText>,
  },
  { key: 'receipt', header: 'Receipt / provider', cell: (invoice) => <PaymentCell invoice={invoice} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (invoice) => (
      <>
        <StatusBadge statusStyle={invoiceStatusStyle(invoice.status)} status={invoice.status} pill />
        {invoice.decidedBy && (
          <Text size="xs" c="dimmed" mt={2}>
            by {invoice.decidedBy}
            {invoice.cancelReason ? `: ${invoice.cancelReason}` : ''}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (invoice) =>
      isAutomatic(invoice)
        ? invoice.status === 'completed' &&
          !invoice.refundedAt &&
          !invoice.disputeStatus && (
            <Group justify="flex-end">
              <Button size="xs" variant="default" onClick={() => decide({ invoice, action: 'refund' })}>
                Refund
              </Button>
            </Group>
          )
        : invoice.status === 'pending' && (
            <Group gap={6} wrap="nowrap" justify="flex-end">
              <Button size="xs" color="teal" onClick={() => decide({ invoice, action: 'approve' })}>
                Approve
              </Button>
              <Button size="xs" variant="default" onClick={() => decide({ invoice, action: 'cancel' })}>
                Cancel
              </Button>
            </Group>
          ),
  },
];

/** `/admin/deposits`: invoices waiting for staff (oldest first), to match to payments and approve or cancel. */
export function DepositsQueuePage() {
  const list = usePagedList(
    { status: 'pending' as Status, method: '' as Method, search: '' },
    { debounce: ['search'] },
  );
  const { filters, query, setFilter } = list;
  const { data, isPending, error } = useAdminInvoices({ ...query, page: list.page });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  return (
    <>
      <PageHeader
        title="Deposits"
        description="Match each manual payment to its invoice by the note, then approve or cancel it. Card payments credit themselves."
      />
      <Stack gap="md">
        <FilterBar>
          <SegmentedControl
            aria-label="Status"
            value={filters.status}
            onChange={(v) => setFilter('status', v as Status)}
            data={[
              { value: 'pending', label: 'Pending' },
              { value: 'completed', label: 'Completed' },
              { value: 'cancelled', label: 'Cancelled' },
              { value: '', label: 'All' },
            ]}
          />
          <Select
            label="Method"
            value={filters.method}
            onChange={(v) => setFilter('method', (v ?? '') as Method)}
            data={[
              { value: '', label: 'All methods' },
              { value: 'cashapp', label: 'CashApp' },
              { value: 'paypal', label: 'Paypal' },
              { value: 'stripe', label: 'Stripe' },
              { value: 'manual', label: 'Manual' },
            ]}
            allowDeselect={false}
          />
          <SearchInput
            label="Search"
            placeholder="Note (LP-…) or reseller"
            value={filters.search}
            onChange={(text) => setFilter('search', text)}
          />
        </FilterBar>
        <DataTable
          label="Invoices"
          columns={columns(setDeciding)}
          rows={data?.invoices}
          rowTestId="admin-invoice-row"
          isLoading={isPending}
          error={error}
          minWidth={900}
          empty={
            query.status === 'pending' && !query.search && !query.method
              ? 'No invoices waiting. All caught up.'
              : 'No invoices match.'
          }
        />
        <PageNav {...list.nav} totalPages={data?.totalPages} label="Invoice pages" />
      </Stack>
      {deciding?.action === 'refund' && (
        <RefundInvoiceDialog invoice={deciding.invoice} onClose={() => setDeciding(null)} />
      )}
      {deciding && deciding.action !== 'refund' && (
        <DecideInvoiceDialog
          invoice={deciding.invoice}
          action={deciding.action}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}
