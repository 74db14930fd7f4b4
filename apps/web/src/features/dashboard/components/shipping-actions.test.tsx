import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../testing/downloads';
import { stubApi } from '../../../testing/fake-server';
import { orderFixture as order } from '../../../testing/order-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { DashboardPage } from '../pages/dashboard-page';

const STATS = {
  total: 1,
  pending: 0,
  processing: 0,
  completed: 1,
  cancelled: 0,
  tracking: { inTransit: 0, delivered: 0, problems: 0 },
};

/** Issue 46 in the app: slips, insurance and return labels from the drawer and the selection bar. */
describe('Dashboard: packing slips, insurance and return labels', { timeout: 20_000 }, () => {
  it('shows the items and the insured value, downloads the packing slip and buys the return label once', async () => {
    const user = userEvent.setup({ delay: null });
    const { clicks } = captureDownloads();
    const original = order(1, {
      insuredValue: 250,
      insurancePrice: 3,
      insuranceStatus: 'test',
      items: [{ sku: 'WB-32', title: 'Water Bottle 32 oz', quantity: 2 }],
      returnOf: null,
      returnOrder: null,
    });
    const returned = order(2, { returnOf: 'o1', returnOrder: null, FromName: original.ToName });
    let isReturned = false;
    const server = stubApi({
      'GET /order/read': { body: { orders: [original], totalPages: 1, total: 1 } },
      'GET /order/stats': { body: STATS },
      'GET /order/read/o1': () => ({
        body: { order: { ...original, returnOrder: isReturned ? 'o2' : null } },
      }),
      'GET /order/read/o2': { body: { order: returned } },
      'GET /order/packing-slip/o1': { body: {} },
      'POST /order/return/o1': () => {
        isReturned = true;
        return { status: 201, body: { message: 'Return label created', order: returned, balance: 90 } };
      },
    });
    renderWithRouter(<DashboardPage />, '/');
    await user.click(await screen.findByRole('button', { name: 'Details of LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    expect(await within(drawer).findByText(/\$250\.00 for \$3\.00 \(test insurance\)/)).toBeInTheDocument();
    expect(within(drawer).getByTestId('order-items')).toHaveTextContent('2 × Water Bottle 32 oz (WB-32)');

    await user.click(within(drawer).getByRole('button', { name: 'Packing slip' }));
    await waitFor(() => expect(clicks).toHaveLength(1));

    await user.click(within(drawer).getByRole('button', { name: 'Create return label' }));
    const confirm = within(drawer).getByRole('group', { name: 'Create return label' });
    expect(confirm).toHaveTextContent(`back to ${original.FromName}`);
    const buy = within(confirm).getByRole('button', { name: 'Buy return label' });
    await user.dblClick(buy);
    // The return opens in the drawer, linked to its order.
    expect(await screen.findByRole('dialog', { name: 'Order LBL-10042' })).toBeInTheDocument();
    expect(await screen.findByText('This is a return label.')).toBeInTheDocument();
    const posts = server.calls.filter((c) => c.path === '/order/return/o1');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('idempotency-key')).toMatch(/^[\w-]{16,}$/);
  });

  it('shows the SCAN form and pickup of the order in its drawer, as Shipping day does', async () => {
    const user = userEvent.setup({ delay: null });
    const onForm = order(1, {
      scanForm: { _id: 'sf1', shipDate: '2026-11-28' },
      pickup: { _id: 'pu1', status: 'scheduled', confirmation: 'WTC123456' },
    });
    stubApi({
      'GET /order/read': { body: { orders: [onForm], totalPages: 1, total: 1 } },
      'GET /order/stats': { body: STATS },
      'GET /order/read/o1': { body: { order: onForm } },
    });
    renderWithRouter(<DashboardPage />, '/');
    await user.click(await screen.findByRole('button', { name: 'Details of LBL-10041' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order LBL-10041' });
    const facts = await within(drawer).findByTestId('order-shipping-day');
    expect(facts).toHaveTextContent('On SCAN form of 2026-11-28');
    expect(facts).toHaveTextContent('Pickup scheduled');
    expect(facts).toHaveTextContent('Confirmation WTC123456');
  });

  it('downloads the selected labels with their slips when "Labels with slips" is ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const { clicks } = captureDownloads();
    const server = stubApi({
      'GET /order/read': { body: { orders: [order(1), order(2)], totalPages: 1, total: 2 } },
      'GET /order/stats': { body: STATS },
      'POST /order/download-selected': { body: {} },
    });
    renderWithRouter(<DashboardPage />, '/');
    await user.click(await screen.findByRole('checkbox', { name: 'Select LBL-10042' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    await user.click(within(bar).getByRole('checkbox', { name: 'Labels with slips' }));
    await user.click(within(bar).getByRole('button', { name: 'Download selected' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const call = server.calls.find((c) => c.path === '/order/download-selected');
    expect(server.queries('/order/download-selected')[0]).toMatchObject({ with: 'slips' });
    expect(call?.body).toEqual({ ids: ['o2'] });
  });
});
