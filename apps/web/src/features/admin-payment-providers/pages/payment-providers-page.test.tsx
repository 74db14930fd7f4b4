import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../../testing/render';
import { PaymentProvidersPage } from './payment-providers-page';

const stripe = {
  _id: 'pp1',
  kind: 'stripe',
  name: 'Stripe',
  mode: 'test',
  enabled: true,
  credentialHint: 'a1b2',
  methods: ['stripe'],
  feeMode: 'surcharge',
  surchargePercent: 2.9,
  surchargeFixed: 0.3,
  dailyLimit: 500,
  firstWeekLimit: null,
  webhook: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('Console Payment providers', { timeout: 20_000 }, () => {
  it('lists each provider with its key hint, mode, surcharge and limits, and tests its connection', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PaymentProvidersPage />, '/admin/payment-providers', {
      'GET /admin/payment-providers': { body: { providers: [stripe] } },
      'POST /admin/payment-providers/pp1/test': {
        body: { ok: true, message: 'Connected to Stripe (test mode)' },
      },
    });
    const row = await screen.findByTestId('payment-provider-row');
    expect(row).toHaveTextContent('StripeTest');
    expect(within(row).getByLabelText('Key ending in a1b2')).toBeInTheDocument();
    expect(row).toHaveTextContent('Surcharge 2.9% + $0.30');
    expect(row).toHaveTextContent('$500.00 a day');
    await user.click(within(row).getByRole('button', { name: 'Test connection to Stripe' }));
    expect(await screen.findByText('Connected to Stripe (test mode)')).toBeInTheDocument();
  });

  it('adds Stripe with its secret key; the key is sent once and never shown', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderWithApi(<PaymentProvidersPage />, '/admin/payment-providers', {
      'GET /admin/payment-providers': { body: { providers: [] } },
      'POST /admin/payment-providers': { status: 201, body: { message: 'Stripe added', provider: stripe } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment provider' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Stripe');
    await user.type(within(dialog).getByLabelText(/^Secret key/), 'sk_test_123456789a1b2');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]).toMatchObject({
      path: '/admin/payment-providers',
      body: {
        kind: 'stripe',
        name: 'Stripe',
        credentials: { secretKey: 'sk_test_123456789a1b2' },
        feeMode: 'absorb',
        enabled: true,
        dailyLimit: null,
      },
    });
    expect(await screen.findByText('Stripe added')).toBeInTheDocument();
  });

  it('asks before deleting, and shows why a provider that took payments cannot go', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderWithApi(<PaymentProvidersPage />, '/admin/payment-providers', {
      'GET /admin/payment-providers': { body: { providers: [stripe] } },
      'DELETE /admin/payment-providers/pp1': {
        status: 409,
        body: {
          message: 'Stripe has taken payments; disable it instead, so its deposits can still be refunded',
        },
      },
    });
    const row = await screen.findByTestId('payment-provider-row');
    await user.click(within(row).getByRole('button', { name: 'Delete Stripe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Stripe?' });
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Stripe has taken payments; disable it instead, so its deposits can still be refunded',
    );
  });
});
