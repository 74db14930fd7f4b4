import { Anchor, Stack, Text } from '@mantine/core';
import type { AdminInvoiceView, InvoiceReceiptView } from '@portal/shared';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ReceiptId({ receipt, struck = false }: { receipt: InvoiceReceiptView; struck?: boolean }) {
  const style = struck ? { textDecoration: 'line-through' } : undefined;
  return receipt.receiptUrl ? (
    <Anchor
      href={receipt.receiptUrl}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      ff="monospace"
      c={struck ? 'dimmed' : undefined}
      style={style}
    >
      {receipt.receipt}
    </Anchor>
  ) : (
    <Text size="sm" ff="monospace" c={struck ? 'dimmed' : undefined} style={style}>
      {receipt.receipt}
    </Text>
  );
}

/**
 * The invoice's current receipt, and the ones it replaced (struck through, newest first): a reseller who
 * swaps receipts shows it here, and no receipt ever moves to another invoice.
 */
export function InvoiceReceipt({ invoice }: { invoice: AdminInvoiceView }) {
  const [current, ...earlier] = invoice.receipts;
  if (!invoice.receipt || !current)
    return (
      <Text size="sm" c="dimmed">
        Not sent yet
      </Text>
    );
  return (
    <Stack gap={2}>
      <ReceiptId receipt={current} />
      {earlier.length > 0 && (
        <>
          <Text size="xs" c="dimmed">
            Replaced {earlier.length === 1 ? 'an earlier receipt' : `${earlier.length} earlier receipts`}:
          </Text>
          {earlier.map((r) => (
            <span key={r.receipt} title={`Given ${when(r.submittedAt)}`}>
              <ReceiptId receipt={r} struck />
            </span>
          ))}
        </>
      )}
    </Stack>
  );
}
