import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import * as hostedPage from '../lib/hosted-page';
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
  provider: null,
  reference: null,
  fee: null,
  hosted_url: null,
  refundedAt: null,
  disputeStatus: null,
  ...over,
});

const renderPage = (routes: Parameters<typeof stubApi>[0] = {}, path = '/deposits') => {
  const server = stubApi({
    'GET /website/deposit-options': {
      body: {
        minDeposit: 5,
        maxDeposit: 500,
        methods: ['paypal', 'cashapp'],
        paypalInstructions: 'Send to pay@x',
        hosted: [],
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
  renderWithRouter(<DepositsPage />, path);
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

  it('says when a completed deposit went back: refunded by staff, or disputed; a refund is no approval news', async () => {
    renderPage({
      'GET /invoices/readAll': {
        body: {
          invoices: [
            invoice({
              _id: 'inv-r',
              payment_method: 'stripe',
              status: 'completed',
              note: 'LP-REFND',
              decidedAt: '2026-11-21T10:00:00.000Z',
              refundedAt: '2026-11-22T09:00:00.000Z',
            }),
            invoice({ _id: 'inv-d', payment_method: 'stripe', status: 'completed', disputeStatus: 'open' }),
            invoice({ _id: 'inv-w', payment_method: 'stripe', status: 'completed', disputeStatus: 'won' }),
          ],
          totalPages: 1,
        },
      },
    });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      'CompletedRefunded on 2026-11-22: taken back from your balance',
      'CompletedPayment disputed: taken back from your balance',
      'CompletedDispute won: credited again',
    ]);
    expect(screen.queryByText('Deposit approved')).not.toBeInTheDocument();
  });

  it('shows one notice after a hosted payment: the return says it was received, no second "Deposit approved"', async () => {
    localStorage.clear();
    const paid = invoice({
      _id: 'inv-card',
      payment_method: 'stripe',
      status: 'completed',
      note: 'LP-CARD1',
      provider: 'Stripe',
      decidedAt: '2026-11-23T10:00:00.000Z',
    });
    renderPage(
      {
        'GET /invoices/readAll': { body: { invoices: [paid], totalPages: 1 } },
        'POST /invoices/inv-card/refresh': {
          body: { message: 'Payment received: $25.00 added to your balance', invoice: paid },
        },
      },
      '/deposits?invoice=inv-card&payment=paid',
    );
    expect(await screen.findByText('Payment received: $25.00 added to your balance')).toBeInTheDocument();
    await screen.findAllByTestId('invoice-row');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('Deposit approved')).not.toBeInTheDocument();
    // Dismissed, the same payment is not told of again.
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('payment-return')).not.toBeInTheDocument());
    expect(screen.queryByText('Deposit approved')).not.toBeInTheDocument();
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

  const cardOptions = {
    'GET /website/deposit-options': {
      body: {
        minDeposit: 5,
        maxDeposit: 500,
        methods: ['paypal', 'cashapp', 'stripe'],
        paypalInstructions: '',
        hosted: [{ method: 'stripe', label: 'Card', surchargePercent: 2.9, surchargeFixed: 0.3 }],
      },
    },
  };

  it('offers Card with its surcharge before paying, and goes to the hosted page', async () => {
    const user = userEvent.setup({ delay: null });
    const assign = vi.spyOn(hostedPage, 'goToHostedPage').mockImplementation(() => {});
    const server = renderPage({
      ...cardOptions,
      'POST /invoices/create-invoice': {
        status: 201,
        body: {
          message: 'Invoice LP-CARD1 created',
          data: {
            hosted_url: 'https://checkout.example/c/pay/cs_1',
            invoice: invoice({ _id: 'inv-9', payment_method: 'stripe', provider: 'stripe' }),
          },
        },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /^Amount/ }), '25');
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    expect(screen.getByTestId('surcharge-note')).toHaveTextContent(
      'Card payments add 2.9% + $0.30: you pay $26.03 and $25.00 is added to your balance.',
    );
    await user.click(screen.getByRole('button', { name: 'Add balance' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_1'));
    expect(server.calls.find((c) => c.path === '/invoices/create-invoice')?.body).toEqual({
      amount: 25,
      type: 'stripe',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    assign.mockRestore();
  });

  it('names the ways in that are on offer: PayPal and Cash App through providers, no card, credited when they clear', async () => {
    renderPage({
      'GET /website/deposit-options': {
        body: {
          minDeposit: 5,
          maxDeposit: 500,
          methods: ['paypal', 'cashapp'],
          paypalInstructions: '',
          hosted: [
            { method: 'paypal', label: 'PayPal', surchargePercent: 0, surchargeFixed: 0 },
            { method: 'cashapp', label: 'Cash App', surchargePercent: 0, surchargeFixed: 0 },
          ],
        },
      },
    });
    expect(await screen.findByRole('radio', { name: 'Cash App' })).toBeInTheDocument();
    expect(screen.getByText('Add funds to your balance by PayPal or Cash App.')).toBeInTheDocument();
    expect(
      screen.getByText('PayPal and Cash App payments are credited as soon as they clear.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/card|usually within a few hours/)).not.toBeInTheDocument();
  });

  it('names card and the invoice methods left manual, and who credits each', async () => {
    renderPage(cardOptions);
    expect(await screen.findByText('Add funds to your balance by card or invoice.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Card payments are credited as soon as they clear; staff credit an invoice once its payment arrives, usually within a few hours.',
      ),
    ).toBeInTheDocument();
  });

  it('on return asks the server about the payment until it clears, then says what was added', async () => {
    // The page's clock: its next ask (3 s on) comes when the test moves time on, not after real seconds.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let asked = 0;
    renderPage(
      {
        ...cardOptions,
        'POST /invoices/inv-9/refresh': () => {
          asked++;
          const done = asked > 1;
          return {
            body: {
              message: done
                ? 'Payment received: $25.00 added to your balance'
                : 'Waiting for the payment to clear',
              invoice: invoice({ _id: 'inv-9', status: done ? 'completed' : 'pending', provider: 'stripe' }),
            },
          };
        },
      },
      '/deposits?invoice=inv-9&payment=paid',
    );
    expect(await screen.findByText('Waiting for the payment to clear')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3000);
    expect(
      await screen.findByText('Payment received: $25.00 added to your balance', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(asked).toBe(2);
  });

  it('back from Cancel asks once and says the invoice can still be paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let asked = 0;
    renderPage(
      {
        ...cardOptions,
        'POST /invoices/inv-9/refresh': () => {
          asked++;
          return {
            body: {
              message: 'Waiting for the payment to clear',
              invoice: invoice({
                _id: 'inv-9',
                provider: 'stripe',
                hosted_url: 'https://checkout.example/c/pay/cs_1',
              }),
            },
          };
        },
      },
      '/deposits?invoice=inv-9&payment=cancelled',
    );
    expect(
      await screen.findByText(
        'Payment not completed: pay it from the invoice list before it expires, or leave it to expire',
      ),
    ).toBeInTheDocument();
    // Past the time a second ask would have come.
    await vi.advanceTimersByTimeAsync(3500);
    expect(asked).toBe(1);
  });
});
