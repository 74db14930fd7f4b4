import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { stubApi, type Routes } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { sessionUserFixture } from '../../../testing/session-fixtures';
import { ShippingDayPage } from './shipping-day-page';

const FROM = {
  name: 'Sam Sender',
  company: '',
  street: '100 Congress Ave',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const label = (n: number, over: object = {}) => ({
  _id: id(n),
  OrderId: `LBL-${10000 + n}`,
  tracking: `94001112062138594620${String(n).padStart(2, '0')}`,
  labelType: 'USPS Ground Advantage',
  scanFormId: null,
  pickupStatus: null,
  ...over,
});
const today = {
  date: '2026-11-28',
  groups: [
    { carrier: 'usps', fromAddress: FROM, shipDate: '2026-11-28', labels: [label(1), label(2), label(3)] },
    {
      carrier: 'ups',
      fromAddress: { ...FROM, name: 'Warehouse' },
      shipDate: '2026-11-28',
      labels: [label(4, { labelType: 'UPS Ground' })],
    },
  ],
};
const form = {
  _id: 'aaaabbbb-0000-4000-8000-000000000009',
  carrier: 'usps',
  fromAddress: FROM,
  shipDate: '2026-11-28',
  trackingNumbers: [label(1).tracking, label(2).tracking, label(3).tracking],
  orders: [1, 2, 3].map((n) => ({ _id: id(n), OrderId: `LBL-${10000 + n}`, tracking: label(n).tracking })),
  status: 'created',
  isTest: true,
  createdAt: '2026-11-28T17:00:00.000Z',
};
const pickup = {
  _id: 'ccccdddd-0000-4000-8000-000000000010',
  status: 'scheduled',
  carrier: 'ups',
  confirmation: 'TEST1234567890',
  price: 6.5,
  address: { ...FROM, phone: '' },
  minDatetime: '2026-11-29T15:00:00.000Z',
  maxDatetime: '2026-11-29T18:00:00.000Z',
  instructions: '',
  packageCount: 1,
  totalWeightOz: 48,
  orders: [{ _id: id(4), OrderId: 'LBL-10004', tracking: label(4).tracking }],
  isTest: true,
  createdAt: '2026-11-28T17:05:00.000Z',
  cancelledAt: null,
};

const renderPage = (routes: Routes = {}) => {
  Cookies.set(TOKEN_COOKIE, 'valid-token');
  const server = stubApi({
    'GET /auth/access': { body: sessionUserFixture({ username: 'Demo', balance: 100 }) },
    'GET /scan-forms/today': { body: today },
    'GET /scan-forms': { body: { scanForms: [] } },
    'GET /pickups': { body: { pickups: [] } },
    ...routes,
  });
  renderWithRouter(<ShippingDayPage />, '/shipping-day');
  return server;
};

afterEach(() => vi.restoreAllMocks());

describe('Shipping day page', { timeout: 20_000 }, () => {
  it('groups today’s labels by from-address and carrier, and makes a SCAN form of a USPS group', async () => {
    const server = renderPage({
      'POST /scan-forms': { status: 201, body: { message: 'SCAN form created', scanForm: form } },
    });
    const usps = await screen.findByRole('region', { name: 'USPS from Sam Sender' });
    expect(within(usps).getByText('3 labels today')).toBeInTheDocument();
    expect(within(usps).getByText('LBL-10001')).toBeInTheDocument();
    const ups = screen.getByRole('region', { name: 'UPS from Warehouse' });
    // SCAN forms are USPS's: a UPS group offers a pickup only.
    expect(within(ups).queryByRole('button', { name: 'Create SCAN form' })).not.toBeInTheDocument();
    expect(within(ups).getByRole('button', { name: 'Schedule pickup' })).toBeInTheDocument();

    await userEvent.click(within(usps).getByRole('button', { name: 'Create SCAN form' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]).toMatchObject({
      path: '/scan-forms',
      body: { orderIds: [id(1), id(2), id(3)] },
    });
  });

  it('shows the price of a pickup first and books it on confirmation', async () => {
    const server = renderPage({
      'POST /pickups': ({ body }) =>
        (body as { quoteOnly?: boolean }).quoteOnly
          ? { body: { message: 'Pickup price', quote: { carrier: 'ups', price: 6.5, packageCount: 1 } } }
          : { status: 201, body: { message: 'Pickup scheduled', pickup } },
    });
    const ups = await screen.findByRole('region', { name: 'UPS from Warehouse' });
    await userEvent.click(within(ups).getByRole('button', { name: 'Schedule pickup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule pickup' });
    await userEvent.type(within(dialog).getByLabelText('Instructions'), 'Side door');
    await userEvent.click(within(dialog).getByRole('button', { name: 'See price' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Price: $6.50');
    expect(server.posts()).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm pickup ($6.50)' }));
    await waitFor(() => expect(server.posts()).toHaveLength(2));
    const booked = server.posts()[1]!.body as Record<string, unknown>;
    expect(booked).toMatchObject({
      orderIds: [id(4)],
      instructions: 'Side door',
      address: { name: 'Warehouse' },
    });
    expect(booked).not.toHaveProperty('quoteOnly');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a refusal in the dialog', async () => {
    renderPage({
      'POST /pickups': {
        status: 422,
        body: { message: 'These labels cannot share one pickup: LBL-10004: refunded' },
      },
    });
    const ups = await screen.findByRole('region', { name: 'UPS from Warehouse' });
    await userEvent.click(within(ups).getByRole('button', { name: 'Schedule pickup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule pickup' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'See price' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('LBL-10004: refunded');
  });

  it('lists SCAN forms with their labels and pickups with Cancel', async () => {
    const server = renderPage({
      'GET /scan-forms': { body: { scanForms: [form] } },
      'GET /pickups': { body: { pickups: [pickup] } },
      'DELETE /pickups/ccccdddd-0000-4000-8000-000000000010': {
        body: { message: 'Pickup cancelled', pickup: { ...pickup, status: 'cancelled' } },
      },
    });
    const listed = await screen.findByRole('listitem', { name: 'SCAN form aaaabbbb' });
    expect(within(listed).getByText('Test form')).toBeInTheDocument();
    expect(within(listed).getByText(/LBL-10001, LBL-10002, LBL-10003/)).toBeInTheDocument();
    expect(within(listed).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();

    const booked = screen.getByRole('listitem', { name: 'Pickup TEST1234567890' });
    expect(within(booked).getByText('Pickup scheduled')).toBeInTheDocument();
    await userEvent.click(within(booked).getByRole('button', { name: 'Cancel pickup' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.path === `/pickups/${pickup._id}`)).toBe(
        true,
      ),
    );
  });
});
