import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { DepositsPage } from './deposits-page';

const invoice = (over: Record<string, unknown>) => ({
  _id: 'inv-1',
  amount: 25,
  payment_method: 'cashapp',
  status: 'pending',
  note: 'LP-7K3Q9',
  receipt: null,
  cancelReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...over,
});

const renderPage = (routes: Parameters<typeof stubApi>[0] = {}) => {
  const server = stubApi({
    'GET /website/deposit-options': {
      body: {
        minDeposit: 5,
        maxDeposit: 500,
        methods: ['paypal', 'cashapp'],
        paypalInstructions: 'Send to pay@x',
      },
    },
    'GET /website/get-cashapp': { body: { cashapp: { cashappId: '$LabelPort', qr: '' } } },
    'GET /invoices/readAll': {
      body: {
        invoices: [
          invoice({}),
          invoice({ _id: 'inv-2', payment_method: 'stripe', status: 'paid', note: 'LP-AAAAA' }),
          invoice({
            _id: 'inv-3',
            payment_method: 'other',
            status: 'cancelled',
            cancelReason: 'No payment arrived',
          }),
        ],
        totalPages: 1,
      },
    },
    ...routes,
  });
  renderWithRouter(<DepositsPage />, '/deposits');
  return server;
};

describe('Deposits page', { timeout: 20_000 }, () => {
  it('names methods and statuses as the spec says, and shows why an invoice was cancelled', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'CashApp',
      'Stripe',
      'Manual',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Pending',
      'Completed',
      'CancelledNo payment arrived',
    ]);
  });

  it('checks the amount against the staff limits before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await user.type(amount, '2');
    await user.click(screen.getByRole('button', { name: 'Add balance' }));
    expect(await screen.findByText('Amount must be at least $5.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '501');
    await user.click(screen.getByRole('button', { name: 'Add balance' }));
    expect(await screen.findByText('Amount must be at most $500.00')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/invoices/create-invoice')).toHaveLength(0);
  });

  it('still opens the CashApp modal when creating the invoice fails, with the server message', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /invoices/create-invoice': { status: 429, body: { message: 'You have 5 pending invoices.' } },
    });
    await user.type(await screen.findByRole('textbox', { name: /^Amount/ }), '25');
    await user.click(screen.getByRole('radio', { name: 'CashApp' }));
    await user.click(screen.getByRole('button', { name: 'Add balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with CashApp' });
    expect(within(dialog).getByText('You have 5 pending invoices.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('$LabelPort')).toBeInTheDocument());
    expect(within(dialog).queryByRole('button', { name: 'Process Payment' })).not.toBeInTheDocument();
  });

  it('refuses a receipt from another site in the browser and sends a good one once', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage({
      'POST /invoices/verify-cashapp': { body: { message: 'Thanks! We received your receipt.' } },
    });
    await user.click((await screen.findAllByRole('button', { name: 'Pay' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Pay with CashApp' });
    const field = within(dialog).getByLabelText(/Receipt URL or transaction ID/);
    await user.type(field, 'https://evil.example/payments/abc123xyz9/receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Process Payment' }));
    expect(await within(dialog).findByText(/Only CashApp receipt links are accepted/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'https://cash.app/payments/abc123xyz9/receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Process Payment' }));
    expect(await within(dialog).findByText('Thanks! We received your receipt.')).toBeInTheDocument();
    const sent = server.calls.filter((c) => c.path === '/invoices/verify-cashapp');
    expect(sent.map((c) => c.body)).toEqual([
      { invoice: 'inv-1', cashAppUrl: 'https://cash.app/payments/abc123xyz9/receipt' },
    ]);
  });
});
