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

/** Tells the reseller their latest deposit was approved or cancelled, until they dismiss it. */
export function DepositNotice({ invoices }: { invoices: InvoiceView[] }) {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(readSeen);
  const latest = invoices
    // A deposit refunded since is no news of money added: its row in the list says what happened.
    .filter((i) => i.decidedAt && i.status !== 'pending' && !i.refundedAt)
    .sort((a, b) => (b.decidedAt! > a.decidedAt! ? 1 : -1))[0];
  const isNew = latest !== undefined && latest.decidedAt! > seen;
  const decidedAt = isNew ? latest.decidedAt : null;

  // A decision the list just learned of may have changed the balance the header shows.
  useEffect(() => {
    if (decidedAt) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [decidedAt, queryClient]);

  if (!isNew) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(SEEN_KEY, latest.decidedAt!);
    } catch {
      // Private mode: the notice just shows again next time.
    }
    setSeen(latest.decidedAt!);
  };
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
