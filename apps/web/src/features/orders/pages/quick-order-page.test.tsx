import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';
import { savedAddressFixture, zipHoldFixed, zipHoldReply } from '../../../testing/address-fixtures';
import { labelTypeCatalog as labelTypes } from '../../../testing/label-type-fixtures';
import { choose } from '../../../testing/user-actions';
import { card } from '../testing/order-fixtures';
import { QuickOrderPage } from './quick-order-page';

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const server = stubApi({
    'GET /labeltype/read': { body: { labelTypes } },
    'GET /address/readAll': { body: { addresses: [savedAddressFixture()] } },
    'POST /order/price': { body: { price: 6.5 } },
    'POST /order/create': {
      status: 201,
      body: { message: 'Order created successfully', orders: [], balance: 987 },
    },
    ...routes,
  });
  renderRoutes(
    [
      { path: '/', element: <p>Dashboard home</p> },
      { path: '/quick-order', element: <QuickOrderPage /> },
    ],
    '/quick-order',
  );
  return server;
}

const addressBox = (side: 'From' | 'To') => within(card(side)).getByRole('textbox', { name: /^Address/ });

describe('Fast Order', { timeout: 20_000 }, () => {
  it('offers pitney, evs and Endicia for priority', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, /^Type/, 'USPS Priority Mail');
    await user.click(screen.getByRole('combobox', { name: /^Template/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['pitney', 'evs', 'Endicia']);
  });

  it('fills the text block from a saved address', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, 'Saved address', /Jane Doe/, card('From'));
    expect(addressBox('From')).toHaveValue('Jane Doe\n12 Elm St, Apt 3\nAustin, TX\n73301');
    expect(within(card('From')).getByTestId('parse-preview')).toHaveTextContent('Reads as Jane Doe');
  });

  it('says which line it could not read', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await choose(user, /^Type/, 'UPS Standard');
    await user.type(screen.getByLabelText(/^Weight/), '2');
    await user.type(addressBox('From'), 'Jane Doe\n12 Elm St\nAustin Texas Somewhere\n73301');
    await user.type(addressBox('To'), 'Bob Roe\n9 Oak Ave\nDenver, CO\n80202');
    // Before the click the live preview already shows this line; the click turns it into the field's
    // error (and the preview steps aside), so wait for the field to be marked invalid first.
    expect(within(card('From')).getByTestId('parse-preview')).toHaveTextContent(
      /^Line 3: could not read "City, State"/,
    );
    await user.click(screen.getByRole('button', { name: /Create Order/ }));
    await waitFor(() => expect(addressBox('From')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(card('From')).getByText(/^Line 3: could not read "City, State"/)).toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/order/create')).toBe(false);
  });

  it('sends the parsed addresses with the chosen Endicia template', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await choose(user, /^Type/, 'USPS Priority Mail');
    await choose(user, /^Template/, 'Endicia');
    await user.type(screen.getByLabelText(/^Weight/), '3');
    const quantity = screen.getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '2');
    await choose(user, 'Saved address', /Jane Doe/, card('From'));
    await user.type(addressBox('To'), 'Bob Roe\n9 Oak Ave, Suite 200\nDenver, CO\n80202');
    await user.click(await screen.findByRole('button', { name: 'Create Order — $13.00' }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    await waitFor(() => expect(server.calls.some((c) => c.path === '/order/create')).toBe(true));
    expect(server.calls.find((c) => c.path === '/order/create')?.body).toMatchObject({
      labelType: 't-pri',
      design: 'indica',
      quantity: 2,
      Weight: 3,
      FromName: 'Jane Doe',
      FromStreet2: 'Apt 3',
      ToName: 'Bob Roe',
      ToStreet: '9 Oak Ave',
      ToStreet2: 'Suite 200',
      ToCity: 'Denver',
      ToState: 'CO',
      ToZip: '80202',
    });
  });

  it('holds a known-inconsistent address in one amber panel, in the reseller’s words, and uses the ZIP’s city', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage({
      'POST /order/create': ({ body }) =>
        (body as { ToCity: string }).ToCity === 'Boston'
          ? zipHoldReply
          : { status: 201, body: { message: 'Order created successfully', orders: [], balance: 987 } },
    });
    await choose(user, /^Type/, 'UPS Standard');
    await user.type(screen.getByLabelText(/^Weight/), '2');
    await choose(user, 'Saved address', /Jane Doe/, card('From'));
    await user.type(addressBox('To'), 'Bob Roe\n350 5th Ave\nBoston, MA 10118');
    await user.click(screen.getByRole('button', { name: /Create Order/ }));

    const panel = await screen.findByRole('alert', { name: 'Check the addresses' });
    expect(panel).toHaveTextContent(
      'To address: ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022',
    );
    expect(panel).not.toHaveTextContent('ToZip');
    expect(within(panel).getByRole('button', { name: 'Buy anyway' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Use New York, NY' }));
    expect(addressBox('To')).toHaveValue('Bob Roe\n350 5th Ave\nNew York, NY\n10118');
    expect(screen.queryByRole('alert', { name: 'Check the addresses' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Create Order/ }));
    expect(await screen.findByText('Order created successfully')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/order/create').at(-1)?.body).toMatchObject(zipHoldFixed);
    // The hold was a warning, not an error: no toast ever repeated it (the toaster is up by now).
    expect(screen.queryByText('Please check the addresses, or choose Buy anyway')).not.toBeInTheDocument();
  });
});
