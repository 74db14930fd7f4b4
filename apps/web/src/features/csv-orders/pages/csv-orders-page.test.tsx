import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../testing/downloads';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { choose } from '../../../testing/user-actions';
import { bulkOrder, csvFile, fileInput, labelTypes } from '../testing/csv-fixtures';
import { CsvOrdersPage } from './csv-orders-page';

type Routes = Parameters<typeof stubApi>[0];

const VALID = { message: 'CSV is valid', totalPrice: 19.5, rows: 3, ignoredColumns: [] };

function renderPage(routes: Routes = {}) {
  const server = stubApi({
    'GET /labeltype/read': { body: { labelTypes } },
    'GET /order/read-bulk-orders': { body: { orders: [], totalPages: 1, total: 0 } },
    'POST /order/validatecsv': { body: VALID },
    ...routes,
  });
  return { server, ...renderWithRouter(<CsvOrdersPage />, '/csv-orders') };
}

const callsTo = (server: ReturnType<typeof stubApi>, path: string) =>
  server.calls.filter((c) => c.path === path);
const payButton = () => screen.getByRole('button', { name: /^Pay/ });
const formBody = (body: unknown) => Object.fromEntries((body as FormData).entries());

async function validateGoodFile(user: ReturnType<typeof userEvent.setup>, file = csvFile()) {
  await choose(user, /^Label type/, 'USPS Priority Mail');
  await user.upload(fileInput(), file);
  await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
  await screen.findByText('3 rows · total $19.50');
}

describe('CSV orders page', { timeout: 20_000 }, () => {
  it('asks for the label type and the file before any call', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
    expect(await screen.findByText('Please select LabelType')).toBeInTheDocument();
    expect(screen.getByText('Please select CSV file')).toBeInTheDocument();
    await choose(user, /^Label type/, 'UPS Standard');
    await waitFor(() => expect(screen.queryByText('Please select LabelType')).not.toBeInTheDocument());
    expect(callsTo(server, '/order/validatecsv')).toHaveLength(0);
  });

  it('sends file, label type and template, shows the total, and enables Pay only then', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderPage();
    expect(payButton()).toBeDisabled();
    await choose(user, /^Label type/, 'USPS Priority Mail');
    expect(screen.getByRole('combobox', { name: /^Template/ })).toHaveValue('pitney');
    await user.upload(fileInput(), csvFile());
    expect(payButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
    expect(await screen.findByText('3 rows · total $19.50')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Pay $19.50');
    const sent = formBody(callsTo(server, '/order/validatecsv')[0]?.body);
    expect(sent).toMatchObject({ labeltype: 't-pri', design: 'pitney' });
    expect((sent.csv as File).name).toBe('orders.csv');
  });

  it('disables Pay again when the file, the label type or the template changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await validateGoodFile(user);
    await choose(user, /^Template/, 'evs');
    expect(payButton()).toBeDisabled();
    expect(screen.queryByText('3 rows · total $19.50')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
    await screen.findByText('3 rows · total $19.50');
    await user.upload(fileInput(), csvFile('other.csv'));
    expect(payButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
    await screen.findByText('3 rows · total $19.50');
    await choose(user, /^Label type/, 'UPS Standard');
    expect(payButton()).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: /^Template/ })).not.toBeInTheDocument();
  });

  it('lists bad rows by row, column and problem, and keeps Pay disabled', async () => {
    const user = userEvent.setup({ delay: null });
    const errors = [
      { row: 2, field: 'ToZip', message: 'ZIP must be 5 digits' },
      { row: 4, field: 'Weight', message: 'Weight is required' },
    ];
    renderPage({
      'POST /order/validatecsv': { status: 400, body: { message: '2 rows have problems.', errors } },
    });
    await choose(user, /^Label type/, 'UPS Standard');
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
    const table = await screen.findByRole('table', { name: 'CSV errors' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RowColumnProblem',
      '2ToZipZIP must be 5 digits',
      '4WeightWeight is required',
    ]);
    expect(screen.getByTestId('csv-error-count')).toHaveTextContent('2 problems');
    // The server's message shows once, in the panel (no toast repeating it).
    expect(await screen.findAllByText('2 rows have problems.')).toHaveLength(1);
    expect(payButton()).toBeDisabled();
  });

  it('lists address warnings as warnings, per row in the reseller’s words, and lets the file be bought', async () => {
    const user = userEvent.setup({ delay: null });
    const warnings = [
      { row: 2, field: 'ToState', message: 'ZIP 02108 belongs to Boston, MA, not in NY', suggestion: 'MA' },
      {
        row: 3,
        field: 'Recipient Zip',
        message: 'ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022',
        suggestion: 'New York, NY',
        fix: { 'Recipient City': 'New York', 'Recipient State': 'NY' },
      },
    ];
    renderPage({ 'POST /order/validatecsv': { body: { ...VALID, warnings, warningRows: 2 } } });
    await validateGoodFile(user);
    const list = await screen.findByRole('list', { name: 'CSV address warnings' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([
      'Row 2, To address: ZIP 02108 belongs to Boston, MA, not in NY',
      'Row 3, To address: ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022',
    ]);
    expect(screen.getByTestId('csv-address-warnings')).toHaveTextContent('2 rows have address warnings');
    expect(screen.queryByTestId('csv-error-count')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Buy anyway: pay/ })).toBeEnabled();
  });

  it('shows a whole-file problem without a table', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /order/validatecsv': { status: 400, body: { message: 'The CSV file has no data rows.' } },
    });
    await choose(user, /^Label type/, 'UPS Standard');
    await user.upload(fileInput(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Validate CSV' }));
    expect(await screen.findAllByText('The CSV file has no data rows.')).not.toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'CSV errors' })).not.toBeInTheDocument();
  });

  it('pays once: a second submit says Request already sent, then the form starts over', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: () => void = () => {};
    const { server } = renderPage({
      'POST /order/createOrderFromCSV': () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              status: 201,
              body: { message: 'Bulk order created: 3 labels', bulkOrder: bulkOrder(), balance: 980.5 },
            });
        }),
    });
    await validateGoodFile(user);
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    expect(await screen.findByText('Request already sent')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(server, '/order/createOrderFromCSV')).toHaveLength(1));
    expect(payButton()).toBeDisabled();
    finish();

    expect(await screen.findByText('Bulk order created: 3 labels')).toBeInTheDocument();
    expect(callsTo(server, '/order/createOrderFromCSV')).toHaveLength(1);
    expect(formBody(callsTo(server, '/order/createOrderFromCSV')[0]?.body)).toMatchObject({
      type: 't-pri',
      total_price: '19.50',
      design: 'pitney',
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Label type/ })).toHaveValue(''));
    expect(fileInput().files).toHaveLength(0);
    expect(screen.queryByText('3 rows · total $19.50')).not.toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(callsTo(server, '/order/read-bulk-orders').length).toBeGreaterThan(1));
  });

  it("keeps the form when the purchase fails and shows the server's message", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /order/createOrderFromCSV': { status: 400, body: { message: 'Insufficient balance' } },
    });
    await validateGoodFile(user);
    await user.click(payButton());
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.getByText('3 rows · total $19.50')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });
});

describe('CSV Orders table', { timeout: 20_000 }, () => {
  it('shows an empty state', async () => {
    renderPage();
    expect(await screen.findByText('No CSV orders yet')).toBeInTheDocument();
  });

  it('shows progress, status, total and the downloads that are ready', async () => {
    renderPage({
      'GET /order/read-bulk-orders': {
        body: {
          orders: [
            bulkOrder({
              zip: null,
              pdf: null,
              progress: { pending: 3, processing: 0, completed: 0, cancelled: 0, done: 0 },
              status: 'Pending',
            }),
          ],
          totalPages: 1,
          total: 1,
        },
      },
    });
    const row = await screen.findByTestId('bulk-order-row');
    expect(within(row).getByTestId('bulk-progress')).toHaveTextContent('0 / 3');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('$19.50')).toBeInTheDocument();
    expect(within(row).getByText('march.csv')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Download ZIP' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('asks again every 5 seconds while labels are being made, and stops when completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let order = bulkOrder();
    const { server } = renderPage({
      'GET /order/read-bulk-orders': () => ({ body: { orders: [order], totalPages: 1, total: 1 } }),
    });
    const list = () => callsTo(server, '/order/read-bulk-orders');
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('1 / 3');
    expect(list()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(list()).toHaveLength(2));
    order = bulkOrder({
      status: 'Completed',
      progress: { pending: 0, processing: 0, completed: 3, cancelled: 0, done: 3 },
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(list()).toHaveLength(3));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress')).toHaveTextContent('3 / 3');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(list()).toHaveLength(3);
  });

  it('downloads the merged PDF on the paper chosen, the same choice as the dashboard selection', async () => {
    const user = userEvent.setup({ delay: null });
    const { clicks } = captureDownloads();
    const layouts: Array<string | null> = [];
    renderPage({
      'GET /order/read-bulk-orders': { body: { orders: [bulkOrder()], totalPages: 1, total: 1 } },
      'GET /order/bulk-download-pdf/b1': ({ url }) => {
        layouts.push(url.searchParams.get('format'));
        return { body: {} };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    await user.click(screen.getAllByLabelText('Format of labels in one file')[0]!);
    await user.click(await screen.findByRole('option', { name: 'PDF Letter (2 a page)' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(layouts).toEqual(['pdf', 'letter']);
  });

  it("shows the server's message when a download fails", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'GET /order/read-bulk-orders': { body: { orders: [bulkOrder()], totalPages: 1, total: 1 } },
      'GET /order/bulk-download/b1': {
        status: 409,
        body: { message: 'No label of this bulk order is ready yet' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download ZIP' }));
    expect(await screen.findByText('No label of this bulk order is ready yet')).toBeInTheDocument();
  });
});
