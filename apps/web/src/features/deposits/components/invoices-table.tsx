import { Button, Text, VisuallyHidden } from '@mantine/core';
import { formatUsd, type InvoiceView } from '@portal/shared';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { invoiceStatusStyle } from '../../../lib/status-styles';
import { paymentMethodLabel } from '../lib/invoice-labels';
import { CodeText } from '../../../components/code-text';

type Props = {
  invoices: InvoiceView[];
  isPending: boolean;
  error: unknown;
  onPay: (invoice: InvoiceView) => void;
};

const columns = (onPay: Props['onPay']): DataColumn<InvoiceView>[] => [
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (invoice) =>
      new Date(invoice.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    figures: true,
    cell: (invoice) => formatUsd(invoice.amount),
  },
  { key: 'method', header: 'Payment method', cell: (invoice) => paymentMethodLabel(invoice.payment_method) },
  {
    key: 'status',
    header: 'Status',
    cell: (invoice) => (
      <>
        <StatusBadge statusStyle={invoiceStatusStyle(invoice.status)} status={invoice.status} pill />
        {invoice.status === 'cancelled' && invoice.cancelReason && (
          <Text size="xs" c="dimmed" mt={2}>
            {invoice.cancelReason}
          </Text>
        )}
        {moneyBackText(invoice) && (
          <Text size="xs" c="dimmed" mt={2}>
            {moneyBackText(invoice)}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'note',
    header: 'Note',
    cell: (invoice) => <CodeText>{invoice.note}</CodeText>,
  },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    cell: (invoice) =>
      invoice.status === 'pending' &&
      // A hosted payment is paid on its provider's page while it is open; otherwise nothing to do here.
      (!invoice.provider || invoice.hosted_url) && (
        <Button size="xs" variant={invoice.receipt ? 'default' : 'light'} onClick={() => onPay(invoice)}>
          {invoice.receipt ? 'Receipt sent' : 'Pay'}
        </Button>
      ),
  },
];

/** Spec section 2: Date, Amount, Payment method, Status; with the note, and Pay on a pending invoice. */
export function InvoicesTable({ invoices, isPending, error, onPay }: Props) {
  return (
    <DataTable
      label="Invoices"
      columns={columns(onPay)}
      rows={invoices}
      rowTestId="invoice-row"
      isLoading={isPending}
      error={error}
      minWidth={560}
      highlightOnHover={false}
      empty="No invoices yet. Add balance above to create your first one."
    />
  );
}

/** A completed deposit whose money went back: refunded by staff, or disputed at the payment company. */
function moneyBackText(invoice: InvoiceView): string | null {
  if (invoice.refundedAt)
    return `Refunded on ${invoice.refundedAt.slice(0, 10)}: taken back from your balance`;
  if (invoice.disputeStatus === 'open') return 'Payment disputed: taken back from your balance';
  if (invoice.disputeStatus === 'lost') return 'Payment disputed and lost: taken back from your balance';
  if (invoice.disputeStatus === 'won') return 'Dispute won: credited again';
  return null;
}
