import type { OrderView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type FakeServer } from '../../../testing/fake-server';
import { orderFixture as order, trackingEvent } from '../../../testing/order-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { pollWhileOpen } from '../api/orders';
import { DashboardPage } from '../pages/dashboard-page';

const STATS = {
  total: 3,
  pending: 0,
  processing: 0,
  completed: 3,
  cancelled: 0,
  tracking: { inTransit: 4, delivered: 7, problems: 1 },
};

function renderDashboard(list: (query: URLSearchParams) => OrderView[], routes = {}) {
  const server = stubApi({
    'GET /order/read': ({ url }) => {
      const orders = list(url.searchParams);
      return { body: { orders, totalPages: 1, total: orders.length } };
    },
    'GET /order/stats': { body: STATS },
    ...routes,
  });
  renderWithRouter(<DashboardPage />, '/');
  return server;
}

const listQueries = (server: FakeServer) => server.queries('/order/read').filter((q) => q.limit === '10');

describe('Dashboard tracking', { timeout: 20_000 }, () => {
  it('shows where each parcel is in words, beside its tracking number', async () => {
    renderDashboard(() => [
      order(1, { trackingStatus: 'out_for_delivery' }),
      order(2, { trackingStatus: 'return_to_sender' }),
      order(3, { status: 'pending', tracking: null, trackingUrl: null, pdf: null, trackingStatus: null }),
    ]);
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).getByText('Out for delivery')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '1Z999AA10123456781' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Returned to sender')).toBeInTheDocument();
    // No label yet, so no tracking status either: a dash, not "Unknown".
    expect(within(rows[2]!).getByLabelText('No tracking yet')).toBeInTheDocument();
    // Still the spec's nine columns.
    expect(screen.getAllByRole('columnheader')).toHaveLength(9);
  });

  it('counts in transit, delivered and problems, and the tracking filter narrows the history', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard((q) =>
      q.get('trackingStatus') === 'delivered'
        ? [order(2, { trackingStatus: 'delivered' })]
        : q.get('trackingStatus')
          ? []
          : [order(1, { trackingStatus: 'in_transit' }), order(2, { trackingStatus: 'delivered' })],
    );
    await waitFor(() =>
      expect(screen.getByTestId('tracking-count-delivered')).toHaveTextContent('Delivered7'),
    );
    expect(screen.getByTestId('tracking-count-inTransit')).toHaveTextContent('In transit4');
    expect(screen.getByTestId('tracking-count-problems')).toHaveTextContent('Problems1');
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(listQueries(server)[0]).not.toHaveProperty('trackingStatus');

    const filter = screen.getByRole('combobox', { name: 'Tracking status' });
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(listQueries(server).at(-1)).toMatchObject({ trackingStatus: 'delivered', page: '1' });
    expect(screen.getByText(/· Delivered/)).toBeInTheDocument();

    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Out for delivery' }));
    await waitFor(() =>
      expect(listQueries(server).at(-1)).toMatchObject({ trackingStatus: 'out_for_delivery' }),
    );
    expect(await screen.findByText('No orders with tracking Out for delivery')).toBeInTheDocument();
    // The filter stays to choose another status from.
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Any tracking' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(listQueries(server).at(-1)).not.toHaveProperty('trackingStatus');
  });

  it('opens an order’s details from its row with the timeline oldest first, and follows the walk', async () => {
    const user = userEvent.setup({ delay: null });
    const first = [
      trackingEvent('2025-03-04T16:00:00.000Z', 'pre_transit', 'Shipping label created'),
      trackingEvent('2025-03-05T09:12:00.000Z', 'in_transit', 'Departed facility', {
        city: 'Dallas',
        state: 'TX',
      }),
    ];
    const later = [
      ...first,
      trackingEvent('2025-03-06T08:40:00.000Z', 'out_for_delivery', 'Out for delivery', {
        city: 'Denver',
        state: 'CO',
      }),
    ];
    let reads = 0;
    let latest: OrderView['trackingStatus'] = 'in_transit';
    renderDashboard(() => [order(1, { trackingStatus: latest })], {
      'GET /order/read/o1': () => {
        reads += 1;
        const events = reads === 1 ? first : later;
        latest = events.at(-1)!.status;
        return {
          body: { order: order(1, { trackingStatus: events.at(-1)!.status, trackingEvents: events }) },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Details of LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    const events = await within(drawer).findAllByTestId('tracking-event');
    expect(events.map((e) => e.dataset.status)).toEqual(['pre_transit', 'in_transit']);
    expect(events[0]).toHaveTextContent('Label created');
    expect(events[0]).toHaveTextContent('Shipping label created');
    expect(events[1]).toHaveTextContent('Departed facility');
    expect(events[1]).toHaveTextContent('Dallas, TX');
    expect(within(events[1]!).getByText(/Mar 5/)).toBeInTheDocument();

    // Not delivered yet: the open details ask again and the new scan appears at the end.
    await waitFor(() => expect(within(drawer).getAllByTestId('tracking-event')).toHaveLength(3), {
      timeout: 8000,
    });
    const last = within(drawer).getAllByTestId('tracking-event').at(-1)!;
    expect(last).toHaveTextContent('Out for delivery');
    expect(last).toHaveTextContent('Denver, CO');
    // The list behind the drawer hears the news too.
    const row = screen.getByTestId('order-row');
    await waitFor(() => expect(within(row).getByText('Out for delivery')).toBeInTheDocument());
  }, 15_000);

  it('says when an order has no tracking events yet', async () => {
    const user = userEvent.setup({ delay: null });
    renderDashboard(() => [order(1)], {
      'GET /order/read/o1': { body: { order: order(1, { trackingEvents: [] }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Details of LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    expect(await within(drawer).findByText(/No tracking events yet/)).toBeInTheDocument();
  });

  it('offers no refund of a label the carrier has scanned, and the details say why', async () => {
    const user = userEvent.setup({ delay: null });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    renderDashboard(
      () => [
        order(1, { refundableUntil: future, trackingStatus: 'in_transit' }),
        order(2, { refundableUntil: future, trackingStatus: 'pre_transit' }),
      ],
      {
        'GET /order/read/o1': {
          body: { order: order(1, { trackingStatus: 'in_transit', trackingEvents: [] }) },
        },
      },
    );
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).queryByRole('button', { name: 'Request refund LBL-10041' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Request refund LBL-10042' })).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Details of LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    expect(await within(drawer).findByTestId('scanned-note')).toHaveTextContent(
      'can no longer be voided or refunded',
    );
  });

  it('shows a refund as requested, submitted, refunded, or rejected with the provider’s reason', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    renderDashboard(() => [
      order(1, { refundStatus: 'requested' }),
      // Staff refunded it while the reseller's window was still open: nothing more to ask for.
      order(2, { refundStatus: 'submitted', refundableUntil: future }),
      order(3, { status: 'cancelled', pdf: null, refundStatus: 'refunded' }),
      order(4, {
        refundStatus: 'rejected',
        refundNote: 'The carrier scanned this label; it cannot be voided',
        trackingStatus: 'in_transit',
      }),
    ]);
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).getByText('Refund requested')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Refund submitted')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Request refund LBL-10042' })).toBeNull();
    expect(within(rows[2]!).getByText('Refunded')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Refund rejected')).toBeInTheDocument();
    expect(
      within(rows[3]!).getByText('The carrier scanned this label; it cannot be voided'),
    ).toBeInTheDocument();
  });

  it('asks again while the provider has not answered a refund, and stops once it is refunded', async () => {
    let reads = 0;
    const server = renderDashboard((q) => {
      if (q.get('limit') === '10') reads += 1; // not the orders count card's one-row read
      return [order(1, { refundStatus: reads <= 1 ? 'submitted' : 'refunded' })];
    });
    expect(await screen.findByText('Refund submitted')).toBeInTheDocument();
    expect(await screen.findByText('Refunded', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(listQueries(server).length).toBe(2);
    // A refund waiting for staff, a refunded order, a delivered parcel: nothing to wait for in the list.
    expect(pollWhileOpen([order(1, { refundStatus: 'refunded' })])).toBe(false);
    expect(pollWhileOpen([order(1, { refundStatus: 'requested', trackingStatus: 'in_transit' })])).toBe(
      false,
    );
    expect(pollWhileOpen([order(1, { refundStatus: 'submitted' })])).toBe(5000);
  }, 15_000);
});
