import type { AdminOrderView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type FakeServer } from '../../../testing/fake-server';
import { adminOrderFixture as order, trackingEvent } from '../../../testing/order-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { OrdersPage } from './orders-page';

function renderOrders(list: (query: URLSearchParams) => AdminOrderView[], routes = {}) {
  const server = stubApi({
    'GET /admin/orders': ({ url }) => {
      const orders = list(url.searchParams);
      return { body: { orders, totalPages: 1, total: orders.length } };
    },
    'GET /labeltype/read': { body: { labelTypes: [] } },
    ...routes,
  });
  renderWithRouter(<OrdersPage />, '/admin/orders');
  return server;
}

const listQueries = (server: FakeServer) => server.queries('/admin/orders');

describe('Console Orders: tracking and refunds', { timeout: 20_000 }, () => {
  it('shows each order’s tracking status and refund state, and filters by tracking status', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderOrders((q) =>
      q.get('trackingStatus') === 'failure'
        ? [order(3, { trackingStatus: 'failure' })]
        : [
            order(1, { refundStatus: 'submitted' }),
            order(2, {
              trackingStatus: 'delivered',
              refundStatus: 'rejected',
              refundNote: 'Label already used',
            }),
            order(3),
            order(4, { trackingStatus: 'available_for_pickup' }),
          ],
    );
    const rows = await screen.findAllByTestId('admin-order-row');
    expect(within(rows[0]!).getByText('Label created')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Refund submitted')).toBeInTheDocument();
    // A refund the provider has not answered yet cannot be asked for twice.
    expect(within(rows[0]!).queryByRole('button', { name: 'Refund LBL-10041' })).toBeNull();
    expect(within(rows[1]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Refund rejected')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Label already used')).toBeInTheDocument();
    // Not scanned yet: it can still be voided. Scanned by the carrier: a used label, no refund offered.
    expect(within(rows[2]!).getByRole('button', { name: 'Refund LBL-10043' })).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Available for pickup')).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('button', { name: 'Refund LBL-10044' })).toBeNull();
    expect(within(rows[3]!).getByRole('checkbox', { name: 'Select LBL-10044' })).toBeDisabled();
    expect(listQueries(server)[0]).not.toHaveProperty('trackingStatus');

    await user.click(screen.getByRole('combobox', { name: 'Tracking' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery problem' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ trackingStatus: 'failure' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-order-row')).toHaveTextContent('Delivery problem');
  });

  it('opens an order in a drawer with its tracking timeline, oldest first', async () => {
    const user = userEvent.setup({ delay: null });
    const events = [
      trackingEvent('2025-03-04T16:00:00.000Z', 'pre_transit', 'Label created'),
      trackingEvent('2025-03-06T14:05:00.000Z', 'delivered', 'Delivered, front door', {
        city: 'Denver',
        state: 'CO',
      }),
    ];
    renderOrders(() => [order(1, { trackingStatus: 'delivered' })], {
      'GET /admin/orders/o1': {
        body: { order: order(1, { trackingStatus: 'delivered', trackingEvents: events }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    expect(within(drawer).getByText('acme.labels (Acme Labels)')).toBeInTheDocument();
    const shown = await within(drawer).findAllByTestId('tracking-event');
    expect(shown.map((e) => e.dataset.status)).toEqual(['pre_transit', 'delivered']);
    expect(shown[1]).toHaveTextContent('Delivered, front door');
    expect(shown[1]).toHaveTextContent('Denver, CO');
  });

  it('shows every quote the order got, the one bought, and what the ordered route would have cost', async () => {
    const user = userEvent.setup({ delay: null });
    const routed = order(1, {
      status: 'completed',
      provider: { _id: 'p-ep', name: 'EasyPost', kind: 'easypost' },
      cost: 4.55,
      margin: 1.95,
      quotes: [
        { provider: 'Portal B', amount: 6, ms: 120, chosen: false },
        { provider: 'EasyPost', amount: 4.55, ms: 310, chosen: true },
        {
          provider: 'Slow portal',
          amount: null,
          ms: 3000,
          chosen: false,
          error: 'Slow portal did not quote within 3000 ms',
        },
      ],
      orderedRouteCost: 6,
    });
    renderOrders(() => [routed], { 'GET /admin/orders/o1': { body: { order: routed } } });
    await user.click(await screen.findByRole('button', { name: 'LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    const quotes = await within(drawer).findByRole('table', { name: 'Quotes' });
    const rows = within(quotes).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Portal B$6.00120 ms',
      'EasyPost$4.55310 msBought',
      'Slow portalSlow portal did not quote within 3000 ms—3000 msSkipped',
    ]);
    expect(
      within(drawer).getByText('The ordered route would have cost $6.00: routing saved $1.45'),
    ).toBeInTheDocument();
  });
});
