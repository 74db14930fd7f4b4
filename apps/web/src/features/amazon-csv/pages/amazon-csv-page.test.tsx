import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';
import { AmazonCsvPage } from './amazon-csv-page';

type User = ReturnType<typeof userEvent.setup>;

const pdfFile = () => new File(['%PDF-1.7 slips'], 'slips.pdf', { type: 'application/pdf' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

function renderPage() {
  return renderRoutes(
    [
      { path: '/amazon-csv', element: <AmazonCsvPage /> },
      { path: '/csv-orders', element: <p>CSV page</p> },
    ],
    '/amazon-csv',
  );
}

async function fillForm(user: User) {
  await user.upload(fileInput(), pdfFile());
  await user.type(screen.getByLabelText(/^Weight/), '1.5');
  await user.type(screen.getByLabelText(/^Name/), 'Jordan Avery');
  await user.type(screen.getByLabelText(/^Street 1/), '1200 Barton Springs Rd');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: /Texas/ }));
  await user.type(screen.getByLabelText(/^ZIP/), '78704');
}

/** The generator answers with a file, so stub fetch directly (the JSON stub cannot send CSV). */
function stubCsvAnswer(init: ResponseInit & { body?: string } = {}) {
  const calls: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, request: RequestInit) => {
      calls.push(request.body as FormData);
      return new Response(init.body ?? 'FromCountry,FromName\nUS,Jordan Avery\n', {
        status: init.status ?? 200,
        headers: init.headers ?? {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="amazon.csv"',
          'x-orders-count': '3',
          'x-incomplete-orders': '1',
        },
      });
    }),
  );
  return calls;
}

describe('Amazon CSV Generator', { timeout: 20_000 }, () => {
  let clicks: string[];
  beforeEach(() => {
    clicks = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('checks the form with the shared schema before any call', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({});
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Generate CSV' }));
    expect(await screen.findByText('Please select a PDF file')).toBeInTheDocument();
    expect(screen.getByText('Weight is required')).toBeInTheDocument();
    expect(screen.getByText('From Name is required')).toBeInTheDocument();
    expect(screen.getByText('From Street is required')).toBeInTheDocument();
    expect(screen.getByText('From City is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('ZIP Code is required')).toBeInTheDocument();
    expect(screen.queryByText(/Street 2 .*required/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Weight/), '0');
    await user.type(screen.getByLabelText(/^ZIP/), '7870');
    await user.click(screen.getByRole('button', { name: 'Generate CSV' }));
    expect(await screen.findByText('Weight must be greater than 0')).toBeInTheDocument();
    expect(screen.queryByText('ZIP Code is required')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the PDF and From details, saves amazon.csv and offers the way to the CSV page', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubCsvAnswer();
    const { router } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Generate CSV' }));
    expect(await screen.findByText('amazon.csv is ready')).toBeInTheDocument();
    expect(screen.getByText(/3 orders read from slips\.pdf/)).toBeInTheDocument();
    expect(screen.getByText(/1 order had an address we could not read in full/)).toBeInTheDocument();
    expect(clicks).toEqual(['amazon.csv']);
    expect(Object.fromEntries(calls[0]!.entries())).toMatchObject({
      fromName: 'Jordan Avery',
      fromStreet1: '1200 Barton Springs Rd',
      fromStreet2: '',
      fromCity: 'Austin',
      fromState: 'TX',
      fromZip: '78704',
      weight: '1.5',
    });
    expect((calls[0]!.get('pdf') as File).name).toBe('slips.pdf');

    await user.click(screen.getByRole('button', { name: 'Download amazon.csv' }));
    expect(clicks).toEqual(['amazon.csv', 'amazon.csv']);
    await user.click(screen.getByRole('link', { name: 'Order these on the CSV page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csv-orders'));
  });

  it("shows the server's reason when the PDF holds no address", async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'No Amazon "Ship To" address was found in this PDF.';
    stubCsvAnswer({
      status: 422,
      body: JSON.stringify({ message }),
      headers: { 'content-type': 'application/json' },
    });
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Generate CSV' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByTestId('amazon-result')).not.toBeInTheDocument();
    expect(clicks).toEqual([]);
  });
});
