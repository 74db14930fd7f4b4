import { Badge, Button, Paper, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatUsd, type InvoiceView } from '@portal/shared';
import { invoiceStatus, paymentMethodLabel } from '../lib/invoice-labels';

type Props = { invoices: InvoiceView[]; isPending: boolean; onPay: (invoice: InvoiceView) => void };

/** Spec section 2: Date, Amount, Payment method, Status; with the note, and Pay on a pending invoice. */
export function InvoicesTable({ invoices, isPending, onPay }: Props) {
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped verticalSpacing="sm" miw={560} aria-label="Invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Payment method</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => {
              const status = invoiceStatus(invoice.status);
              return (
                <Table.Tr key={invoice._id} data-testid="invoice-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {new Date(invoice.createdAt).toLocaleString('en-US', {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatUsd(invoice.amount)}
                  </Table.Td>
                  <Table.Td>{paymentMethodLabel(invoice.payment_method)}</Table.Td>
                  <Table.Td>
                    <Badge color={status.color} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
                      {status.label}
                    </Badge>
                    {invoice.status === 'cancelled' && invoice.cancelReason && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {invoice.cancelReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {invoice.note}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {invoice.status === 'pending' && (
                      <Button
                        size="xs"
                        variant={invoice.receipt ? 'default' : 'light'}
                        onClick={() => onPay(invoice)}
                      >
                        {invoice.receipt ? 'Receipt sent' : 'Pay'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!isPending && invoices.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          No invoices yet. Add balance above to create your first one.
        </Text>
      )}
      {isPending && (
        <Text c="dimmed" size="sm" ta="center" py="xl" role="status">
          Loading invoices…
        </Text>
      )}
    </Paper>
  );
}
