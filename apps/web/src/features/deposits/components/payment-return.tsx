import { Alert, Loader, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/notify';
import { useRefreshInvoice } from '../api/invoices';

/** How often, and how many times, the return asks again while the payment has not cleared. */
const POLL_MS = 3000;
const MAX_POLLS = 100;

/**
 * The reseller's return from a provider's hosted page (`/deposits?invoice=...&payment=paid`): the server
 * asks the provider at once and again every few seconds until the payment ends, and says where it stands.
 */
export function PaymentReturn() {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoice');
  const refresh = useRefreshInvoice();
  const [polls, setPolls] = useState(0);
  const { mutate } = refresh;
  const status = refresh.data?.invoice.status;

  // Back from Cancel: asked once; the invoice stays payable from the list until its page expires.
  const left = params.get('payment') === 'cancelled';
  useEffect(() => {
    if (!invoiceId || (status && status !== 'pending') || polls >= MAX_POLLS || (left && polls > 0)) return;
    const timer = setTimeout(
      () => mutate(invoiceId, { onSettled: () => setPolls((n) => n + 1) }),
      polls === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [invoiceId, left, mutate, polls, status]);

  if (!invoiceId) return null;
  const dismiss = () => setParams({}, { replace: true });
  if (refresh.error && !refresh.data)
    return (
      <Alert color="red" withCloseButton onClose={dismiss} closeButtonLabel="Dismiss">
        {errorMessage(refresh.error)}
      </Alert>
    );
  const done = status === 'completed' || status === 'cancelled' || (left && status === 'pending');
  return (
    <Alert
      color={status === 'completed' ? 'teal' : status === 'cancelled' ? 'orange' : 'blue'}
      withCloseButton={done}
      onClose={dismiss}
      closeButtonLabel="Dismiss"
      role="status"
      data-testid="payment-return"
    >
      <Group gap="sm" wrap="nowrap">
        {!done && <Loader size="xs" />}
        <span>
          {left && status === 'pending'
            ? 'Payment not completed: pay it from the invoice list before it expires, or leave it to expire'
            : (refresh.data?.message ?? 'Waiting for the payment to clear')}
        </span>
      </Group>
    </Alert>
  );
}
