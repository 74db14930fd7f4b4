import { Alert } from '@mantine/core';
import { formatUsd, type InvoiceView } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';

const SEEN_KEY = 'labelport.deposit-notice-seen';
const readSeen = () => {
  try {
    return localStorage.getItem(SEEN_KEY) ?? '';
  } catch {
    return '';
  }
};

const markSeen = (decidedAt: string) => {
  try {
    localStorage.setItem(SEEN_KEY, decidedAt);
  } catch {
    // Private mode: the notice just shows again next time.
  }
};

/**
 * Tells the reseller their latest deposit was approved or cancelled, until they dismiss it. The invoice
 * the reseller came back from a hosted page to pay (`returnedFrom`) is told of by the return's own
 * notice: that one is news already seen, so one notice shows, not two.
 */
export function DepositNotice({
  invoices,
  returnedFrom = null,
}: {
  invoices: InvoiceView[];
  returnedFrom?: string | null;
}) {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(readSeen);
  const latest = invoices
    // A deposit refunded since is no news of money added: its row in the list says what happened.
    .filter((i) => i.decidedAt && i.status !== 'pending' && !i.refundedAt)
    .sort((a, b) => (b.decidedAt! > a.decidedAt! ? 1 : -1))[0];
  const isNew = latest !== undefined && latest.decidedAt! > seen;
  const toldByReturn = isNew && latest._id === returnedFrom;
  const decidedAt = isNew ? latest.decidedAt : null;

  // Seen as soon as the return tells of it (state from this render, kept for the next page too).
  if (toldByReturn) setSeen(latest.decidedAt!);
  useEffect(() => {
    if (seen) markSeen(seen);
  }, [seen]);

  // A decision the list just learned of may have changed the balance the header shows.
  useEffect(() => {
    if (decidedAt) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [decidedAt, queryClient]);

  if (!isNew || toldByReturn) return null;
  const dismiss = () => setSeen(latest.decidedAt!);
  const approved = latest.status !== 'cancelled';
  return (
    <Alert
      color={approved ? 'teal' : 'orange'}
      title={approved ? 'Deposit approved' : 'Invoice cancelled'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      role="status"
    >
      {approved
        ? `${formatUsd(latest.amount)} from invoice ${latest.note} was added to your balance.`
        : `Invoice ${latest.note} for ${formatUsd(latest.amount)} was cancelled: ${latest.cancelReason ?? 'no reason given'}`}
    </Alert>
  );
}
