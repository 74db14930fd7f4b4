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
import { CodeText } from '../../../components/code-text';
import { FilterBar, SearchInput } from '../../../components/search-input';

type Status = '' | 'pending' | 'completed' | 'cancelled';
type Method = '' | 'cashapp' | 'paypal' | 'stripe' | 'manual';
type Deciding = { invoice: AdminInvoiceView; action: 'approve' | 'cancel' };
const METHOD_LABEL: Record<string, string> = { cashapp: 'CashApp', paypal: 'Paypal', stripe: 'Stripe' };

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
  { key: 'receipt', header: 'Receipt', cell: (invoice) => <InvoiceReceipt invoice={invoice} /> },
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
      invoice.status === 'pending' && (
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
        description="Match each payment to its invoice by the note, then approve or cancel it."
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
      {deciding && <DecideInvoiceDialog {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}
