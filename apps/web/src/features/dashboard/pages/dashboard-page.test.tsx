import type { OrderView } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { zipHoldReply } from '../../../testing/address-fixtures';
import { captureDownloads } from '../../../testing/downloads';
import { stubApi, type FakeServer } from '../../../testing/fake-server';
import { orderFixture } from '../../../testing/order-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

const order = orderFixture;

type Page = { orders: OrderView[]; totalPages: number; total: number };

function renderDashboard(
  list: Page | ((query: URLSearchParams) => Page),
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const server = stubApi({
    'GET /order/read': ({ url }) => ({ body: typeof list === 'function' ? list(url.searchParams) : list }),
    ...routes,
  });
  renderWithRouter(<DashboardPage />, '/');
  return server;
}

const listCalls = (server: FakeServer) => server.calls.filter((c) => c.path === '/order/read');
/** The table's queries, 10 a page (the orders count card asks the same path for one row). */
const listQueries = (server: FakeServer) => server.queries('/order/read').filter((q) => q.limit === '10');

describe('Dashboard', { timeout: 20_000 }, () => {
  it('asks for page 1 of 10, newest first, every status, and shows the spec columns', async () => {
    const server = renderDashboard({ orders: [order(1)], totalPages: 1, total: 1 });
    expect(await screen.findByText('LBL-10041')).toBeInTheDocument();
    expect(listQueries(server)[0]).toEqual({
      search: '',
      status: 'All',
      sort: 'des',
      page: '1',
      limit: '10',
    });
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['#', 'From', 'To', 'type', 'Amount', 'Status', 'Tracking', 'Date', 'Action']);
    const row = screen.getByTestId('order-row');
    expect(within(row).getByText('$9.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '1Z999AA10123456781' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456781',
    );
    expect(await screen.findByTestId('orders-count')).toHaveTextContent('1');
  });

  it('marks orders bought through the Reseller API', async () => {
    renderDashboard({ orders: [order(1, { source: 'api' }), order(2)], totalPages: 1, total: 2 });
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).getByLabelText('API order')).toHaveTextContent('API');
    expect(within(rows[1]!).queryByLabelText('API order')).toBeNull();
  });

  it('invites to create the first label when there are no orders', async () => {
    renderDashboard({ orders: [], totalPages: 1, total: 0 });
    const title = await screen.findByText('No orders yet — create your first label');
    const empty = title.closest<HTMLElement>('.mantine-Paper-root')!;
    expect(within(empty).getByRole('link', { name: 'Simple Order' })).toHaveAttribute(
      'href',
      '/createOrders',
    );
    expect(within(empty).getByRole('link', { name: 'Fast Order' })).toHaveAttribute('href', '/quick-order');
  });

  it('pages with Prev / current / Next, sorts and searches through the query', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard((q) => ({
      orders: [order(Number(q.get('page')))],
      totalPages: 3,
      total: 25,
    }));
    await screen.findByText('LBL-10041');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('LBL-10042')).toBeInTheDocument();
    expect(screen.getByTestId('current-page')).toHaveTextContent('2 of 3');
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('LBL-10041')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Sort orders' }));
    await user.click(await screen.findByRole('option', { name: 'Oldest first' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sort: 'asc', page: '1' }));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sort: 'asc', page: '2' }));
    await user.type(screen.getByRole('textbox', { name: 'Search orders' }), 'Receiver');
    await waitFor(() =>
      expect(listQueries(server).at(-1)).toEqual({
        search: 'Receiver',
        status: 'All',
        sort: 'asc',
        page: '1',
        limit: '10',
      }),
    );
    expect(listCalls(server).length).toBeGreaterThan(4);
  });

  it('keeps a sort chosen while a cleared search is still waiting to apply', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard({ orders: [order(1)], totalPages: 1, total: 1 });
    await screen.findByText('LBL-10041');
    await user.click(screen.getByRole('combobox', { name: 'Sort orders' }));
    await user.click(await screen.findByRole('option', { name: 'Oldest first' }));
    await user.type(screen.getByRole('textbox', { name: 'Search orders' }), 'Lopez');
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ search: 'Lopez', sort: 'asc' }));

    // Clear, then Newest first before the cleared search applies and before the page renders again.
    await user.click(screen.getByRole('combobox', { name: 'Sort orders' }));
    const newest = await screen.findByRole('option', { name: 'Newest first' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
      fireEvent.click(newest);
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ search: '', sort: 'des' }));
  });

  it('offers the download only for completed orders and saves it as {tracking}.pdf', async () => {
    const user = userEvent.setup({ delay: null });
    const { clicks } = captureDownloads('blob:label');
    const server = renderDashboard(
      {
        orders: [
          order(1),
          order(2, { status: 'processing', tracking: null, trackingUrl: null, pdf: null }),
          order(3, { status: 'cancelled' }),
        ],
        totalPages: 1,
        total: 3,
      },
      { 'GET /order/download/o1': { body: '%PDF-1.7' } },
    );
    await screen.findByText('LBL-10041');
    expect(screen.getAllByRole('button', { name: /^Download label/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download label LBL-10041' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('1Z999AA10123456781.pdf');
    expect(server.calls.some((c) => c.path === '/order/download/o1')).toBe(true);
  });

  it('says plainly when a label file was removed after the retention period (410), and saves nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { clicks } = captureDownloads('blob:label');
    const removed =
      'This label file was removed on 2026-05-30: label files are kept for 180 days. The order and its tracking are still here.';
    renderDashboard(
      { orders: [order(1)], totalPages: 1, total: 1 },
      { 'GET /order/download/o1': { status: 410, body: { message: removed } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Download label LBL-10041' }));
    expect(await screen.findByText(removed)).toBeInTheDocument();
    expect(clicks).toHaveLength(0);
  });

  it('asks before duplicating, says the price is charged again, and duplicates on Yes', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard(
      { orders: [order(1)], totalPages: 1, total: 1 },
      {
        'POST /order/price': { body: { price: 9 } },
        'POST /order/duplicate/o1': {
          status: 201,
          body: { message: 'Order duplicated successfully', order: order(5), balance: 991 },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate LBL-10041' }));
    let dialog = await screen.findByRole('dialog', { name: 'Duplicate order' });
    expect(dialog).toHaveTextContent(/order a duplicate/);
    expect(dialog).toHaveTextContent('The same price, $9.00, will be charged again');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.some((c) => c.path === '/order/duplicate/o1')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Duplicate LBL-10041' }));
    dialog = await screen.findByRole('dialog', { name: 'Duplicate order' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order duplicated successfully')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/order/duplicate/o1')).toHaveLength(1);
  });

  it('shows a duplicate held for its addresses in the dialog’s amber panel, not a toast, and buys it anyway', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard(
      { orders: [order(1)], totalPages: 1, total: 1 },
      {
        'POST /order/price': { body: { price: 9 } },
        'POST /order/duplicate/o1': ({ body }) =>
          (body as { acceptAddressWarnings?: boolean } | undefined)?.acceptAddressWarnings
            ? {
                status: 201,
                body: { message: 'Order duplicated successfully', order: order(5), balance: 991 },
              }
            : zipHoldReply,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate order' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const panel = await within(dialog).findByRole('alert', { name: 'Check the addresses' });
    expect(panel).toHaveTextContent('To address: ZIP 10118 belongs to New York, NY, not Boston, MA');
    await user.click(within(panel).getByRole('button', { name: 'Buy anyway' }));
    expect(await screen.findByText('Order duplicated successfully')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/order/duplicate/o1').at(-1)?.body).toMatchObject({
      acceptAddressWarnings: true,
    });
    expect(screen.queryByText('Please check the addresses, or choose Buy anyway')).not.toBeInTheDocument();
  });

  it("shows today's price when it differs from the original's and sends the price it showed", async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard(
      { orders: [order(1)], totalPages: 1, total: 1 },
      {
        'POST /order/price': { body: { price: 11.5 } },
        'POST /order/duplicate/o1': {
          status: 201,
          body: { message: 'Order duplicated successfully', order: order(5), balance: 988.5 },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate order' });
    expect(
      await within(dialog).findByText(
        "Today's price is $11.50, not the $9.00 LBL-10041 cost: $11.50 will be charged from your balance.",
      ),
    ).toBeInTheDocument();
    const asked = server.calls.find((c) => c.path === '/order/price');
    expect(asked?.body).toEqual({ labelType: 't-ups', weight: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order duplicated successfully')).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/order/duplicate/o1')?.body).toEqual({ expectedPrice: 11.5 });
  });

  it('says why a duplicate cannot be priced today and offers no Yes', async () => {
    const user = userEvent.setup({ delay: null });
    renderDashboard(
      { orders: [order(1)], totalPages: 1, total: 1 },
      {
        'POST /order/price': {
          status: 400,
          body: { message: 'Weight must be at most 1 lb for UPS Standard' },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate order' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Weight must be at most 1 lb for UPS Standard',
    );
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeDisabled();
  });

  it('sends one duplicate for a double click on Yes, with an Idempotency-Key reused on a retry', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const server = renderDashboard(
      { orders: [order(1)], totalPages: 1, total: 1 },
      {
        'POST /order/price': { body: { price: 9 } },
        'POST /order/duplicate/o1': async () => {
          attempts += 1;
          await new Promise((resolve) => setTimeout(resolve, 30));
          return attempts === 1
            ? { status: 503, body: { message: 'Service unavailable' } }
            : {
                status: 201,
                body: { message: 'Order duplicated successfully', order: order(5), balance: 991 },
              };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate order' });
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    const duplicates = () => server.calls.filter((c) => c.path === '/order/duplicate/o1');
    expect(duplicates()).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Duplicate LBL-10041' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order duplicated successfully')).toBeInTheDocument();
    const [first, retry] = duplicates();
    expect(duplicates()).toHaveLength(2);
    expect(first?.headers.get('idempotency-key')).toMatch(/^[\w-]{16,}$/);
    expect(retry?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
  });

  it(
    'downloads the selected labels in one file in the order picked, in the format chosen',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      const { clicks } = captureDownloads();
      const server = renderDashboard(
        { orders: [order(1), order(2), order(3)], totalPages: 1, total: 3 },
        {
          'POST /order/download-selected': { body: {} },
        },
      );
      await user.click(await screen.findByRole('checkbox', { name: 'Select LBL-10043' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select LBL-10041' }));
      const bar = screen.getByRole('region', { name: 'Selected orders' });
      expect(bar).toHaveTextContent('2 orders selected');
      await user.click(within(bar).getAllByLabelText('Format of selected labels')[0]!);
      await user.click(await screen.findByRole('option', { name: 'PDF Letter (2 a page)' }));
      await user.click(within(bar).getByRole('button', { name: 'Download selected' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      const call = server.calls.find((c) => c.path === '/order/download-selected');
      expect(call?.body).toEqual({ ids: ['o3', 'o1'] });
      // ZPL offers Print (a local Zebra printer through Zebra Browser Print, else the .zpl file).
      await user.click(within(bar).getAllByLabelText('Format of selected labels')[0]!);
      await user.click(await screen.findByRole('option', { name: 'ZPL 203 dpi (Zebra)' }));
      expect(within(bar).getByRole('button', { name: 'Print' })).toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
      expect(bar).toHaveTextContent('3 orders selected');
    },
  );

  it('asks for one SCAN form of the selected labels and shows which do not fit when refused', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDashboard(
      { orders: [order(1), order(2), order(3)], totalPages: 1, total: 3 },
      {
        'POST /scan-forms': {
          status: 422,
          body: { message: '1 label does not fit on one SCAN form: LBL-10043: another carrier (UPS)' },
        },
      },
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select LBL-10043' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select LBL-10041' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    await user.click(within(bar).getByRole('button', { name: 'Create SCAN form' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/scan-forms')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/scan-forms')?.body).toEqual({ orderIds: ['o3', 'o1'] });
    expect(await screen.findByText(/LBL-10043: another carrier \(UPS\)/)).toBeInTheDocument();
  });

  it('refreshes every 5 seconds while an order is processing, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: OrderView['status'] = 'processing';
    const server = renderDashboard(() => ({ orders: [order(1, { status })], totalPages: 1, total: 1 }));
    await screen.findByText('LBL-10041');
    expect(listQueries(server)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(listQueries(server)).toHaveLength(2));
    status = 'completed';
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(listQueries(server)).toHaveLength(3));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(listQueries(server)).toHaveLength(3);
  });
});
