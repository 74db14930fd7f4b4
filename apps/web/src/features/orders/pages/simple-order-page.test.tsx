import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { fieldErrorsReply, stubApi, type Routes } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';
import { savedAddressFixture, zipHoldFixed, zipHoldReply } from '../../../testing/address-fixtures';
import { labelTypeCatalog as labelTypes } from '../../../testing/label-type-fixtures';
import { sessionUserFixture } from '../../../testing/session-fixtures';
import { choose, type User } from '../../../testing/user-actions';
import { card } from '../testing/order-fixtures';
import { SimpleOrderPage } from './simple-order-page';

const PRICES: Record<string, number> = { 't-pri': 6.5, 't-oz': 3, 't-ups': 9, 't-fedex': 8 };

function renderPage(routes: Routes = {}) {
  const server = stubApi({
    'GET /labeltype/read': { body: { labelTypes } },
    'GET /address/readAll': { body: { addresses: [savedAddressFixture()] } },
    'POST /order/price': ({ body }) => {
      const { labelType } = body as { labelType: string; weight: number };
      return { body: { price: PRICES[labelType] ?? 0 } };
    },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/', element: <p>Dashboard home</p> },
      { path: '/createOrders', element: <SimpleOrderPage /> },
    ],
    '/createOrders',
  );
  return { server, ...view };
}

/**
 * Fills a Priority Mail order (evs template, `weight` lb) from Jane Doe's saved address to Bob Roe in
 * Denver, CO; returns the To card.
 */
async function fillPriorityOrder(user: User, weight: string) {
  await choose(user, /^Type/, 'USPS Priority Mail');
  await choose(user, /^Template/, 'evs');
  await user.type(screen.getByLabelText(/^Weight/), weight);
  await choose(user, 'Saved address', /Jane Doe/, card('From'));
  const to = card('To');
  await user.type(within(to).getByLabelText(/^Name/), 'Bob Roe');
  await user.type(within(to).getByLabelText(/^Street$|^Street \*/), '9 Oak Ave');
  await user.type(within(to).getByLabelText(/^City/), 'Denver');
  await user.type(within(to).getByLabelText(/^ZIP Code/), '80202');
  await choose(user, /^State/, 'CO — Colorado', to);
  return to;
}

const priceCalls = (server: ReturnType<typeof stubApi>) =>
  server.calls.filter((c) => c.path === '/order/price');

describe('Simple Order', { timeout: 20_000 }, () => {
  it('shows Template only for priority, with pitney and evs (no Endicia)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, /^Type/, 'UPS Standard');
    expect(screen.queryByRole('combobox', { name: /^Template/ })).not.toBeInTheDocument();
    await choose(user, /^Type/, 'USPS Priority Mail');
    await user.click(screen.getByRole('combobox', { name: /^Template/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['pitney', 'evs']);
  });

  it('shows dimensions and phones only for FedEx types', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, /^Type/, 'USPS Priority Mail');
    expect(screen.queryByLabelText(/^Height/)).not.toBeInTheDocument();
    expect(screen.queryAllByLabelText('Phone')).toHaveLength(0);
    await choose(user, /^Type/, 'FedEx Ground');
    expect(screen.getByLabelText(/^Height/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Width/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Length/)).toBeInTheDocument();
    expect(within(card('From')).getByLabelText('Phone')).toBeInTheDocument();
    expect(within(card('To')).getByLabelText('Phone')).toBeInTheDocument();
  });

  it.each([
    ['UPS Standard', true],
    ['UPS Ground', false],
    ['USPS Priority Mail', false],
  ])('lists Canadian provinces for the destination of %s: %s', async (type, hasCanada) => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, /^Type/, type);
    await user.click(within(card('To')).getByRole('combobox', { name: /^State/ }));
    expect(await screen.findByRole('option', { name: 'TX — Texas' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'ON — Ontario' }) !== null).toBe(hasCanada);
    await user.keyboard('{Escape}');
    await user.click(within(card('From')).getByRole('combobox', { name: /^State/ }));
    expect(await screen.findByRole('option', { name: 'TX — Texas' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'ON — Ontario' })).not.toBeInTheDocument();
  });

  it('labels the weight in ounces for _oz types and pounds otherwise', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, /^Type/, 'USPS Ground Advantage (oz)');
    expect(screen.getByLabelText(/^Weight \(oz\)/)).toBeInTheDocument();
    await choose(user, /^Type/, 'UPS Standard');
    expect(screen.getByLabelText(/^Weight \(lb\)/)).toBeInTheDocument();
  });

  it('converts the weight when the type switches between pounds and ounces, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, /^Type/, 'UPS Standard');
    await user.type(screen.getByLabelText(/^Weight/), '3');
    await choose(user, /^Type/, 'USPS Ground Advantage (oz)');
    expect(screen.getByLabelText(/^Weight \(oz\)/)).toHaveValue('48');
    expect(await screen.findByText('Weight converted: 3 lb is 48 oz.')).toBeInTheDocument();
  });

  it('keeps a quantity of 0 and says it is wrong; an empty weight shows empty', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(screen.getByLabelText(/^Weight/)).toHaveValue('');
    expect(screen.getByLabelText(/^Weight/)).not.toHaveAttribute('placeholder', '0');
    const quantity = screen.getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(quantity).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: /^Create Order/ }));
    expect(await screen.findByText('Quantity must be at least 1')).toBeInTheDocument();
  });

  it('focuses the Type field on an empty submit without opening its list over the errors', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Please select a label type')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says how much to add, and leads to Deposits, when the total is more than the balance', async () => {
    const user = userEvent.setup({ delay: null });
    Cookies.set(TOKEN_COOKIE, 'valid-token');
    renderPage({
      'GET /auth/access': { body: sessionUserFixture({ username: 'Demo', balance: 10 }) },
    });
    await choose(user, /^Type/, 'UPS Standard');
    await user.type(screen.getByLabelText(/^Weight/), '2');
    const quantity = screen.getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '2');
    const addFunds = await screen.findByRole('link', { name: 'Add $8.00 to your balance' });
    expect(addFunds).toHaveAttribute('href', '/deposits');
    expect(screen.queryByRole('button', { name: /^Create Order/ })).not.toBeInTheDocument();
  });

  it('marks a disabled type as unavailable and does not let it be chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    expect(await screen.findByRole('option', { name: 'UPS Express (unavailable)' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
  });

  it('recalculates the price on type and weight changes, and the total is unit price × quantity', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderPage();
    await choose(user, /^Type/, 'UPS Standard');
    expect(priceCalls(server)).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Weight/), '2');
    await waitFor(() => expect(screen.getByTestId('unit-price')).toHaveTextContent('$9.00'));
    expect(priceCalls(server).at(-1)?.body).toEqual({ labelType: 't-ups', weight: 2 });

    await choose(user, /^Type/, 'FedEx Ground');
    await waitFor(() => expect(screen.getByTestId('unit-price')).toHaveTextContent('$8.00'));
    expect(priceCalls(server).at(-1)?.body).toEqual({ labelType: 't-fedex', weight: 2 });

    const quantity = screen.getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByRole('button', { name: 'Create Order — $24.00' })).toBeInTheDocument();
  });

  it('resets the price to 0 and says why when the lookup fails', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /order/price': ({ body }) =>
        (body as { weight: number }).weight > 70
          ? { status: 400, body: { message: 'Weight must be at most 70 lb for USPS Priority Mail' } }
          : { body: { price: 6.5 } },
    });
    await choose(user, /^Type/, 'USPS Priority Mail');
    const weight = screen.getByLabelText(/^Weight/);
    await user.type(weight, '5');
    await waitFor(() => expect(screen.getByTestId('unit-price')).toHaveTextContent('$6.50'));
    await user.type(weight, '80');
    await waitFor(() => expect(screen.getByTestId('unit-price')).toHaveTextContent('$0.00'));
    expect(screen.getByText('Weight must be at most 70 lb for USPS Priority Mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Order' })).toBeInTheDocument();
  });

  it('checks every rule before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Please select a label type')).toBeInTheDocument();
    expect(screen.getByText('Weight is required')).toBeInTheDocument();
    expect(screen.getByText('From Name is required')).toBeInTheDocument();
    expect(screen.getByText('To Street is required')).toBeInTheDocument();

    await choose(user, /^Type/, 'USPS Priority Mail');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Please select a Template')).toBeInTheDocument();

    await choose(user, /^Type/, 'FedEx Ground');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Height is required for FedEx labels')).toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/order/create')).toBe(false);
  });

  it('fills a card from a saved address, sends the order once, then returns to the dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => {};
    const { server } = renderPage({
      'POST /order/create': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 201,
              body: { message: 'Order created successfully', orders: [], balance: 980.5 },
            });
        }),
    });
    await fillPriorityOrder(user, '1.5');
    expect(within(card('From')).getByLabelText(/^Street 2/)).toHaveValue('Apt 3');
    await screen.findByRole('button', { name: 'Create Order — $6.50' });

    const form = screen.getByRole('form', { name: 'Simple Order' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('button', { name: /Create Order/ })).toBeDisabled());
    fireEvent.submit(form);
    release();
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(await screen.findByText('Order created successfully')).toBeInTheDocument();

    const creates = server.calls.filter((c) => c.path === '/order/create');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toMatchObject({
      signature: false,
      quantity: 1,
      labelType: 't-pri',
      design: 'evs',
      Weight: 1.5,
      FromName: 'Jane Doe',
      FromStreet: '12 Elm St',
      FromStreet2: 'Apt 3',
      FromCity: 'Austin',
      FromState: 'TX',
      FromZip: '73301',
      FromCountry: 'US',
      ToName: 'Bob Roe',
      ToStreet: '9 Oak Ave',
      ToCity: 'Denver',
      ToState: 'CO',
      ToZip: '80202',
      ToCountry: 'US',
      expectedTotal: 6.5,
    });
    expect(creates[0]?.body).not.toHaveProperty('Height');
  });

  it('insures a declared value: its price by the type’s rule is in the total shown and sent', async () => {
    const user = userEvent.setup({ delay: null });
    const insured = labelTypes.map((t) =>
      t._id === 't-pri' ? { ...t, insurance: { per100: 1, min: 1 } } : t,
    );
    const { server } = renderPage({
      'GET /labeltype/read': { body: { labelTypes: insured } },
      'POST /order/create': {
        status: 201,
        body: { message: 'Order created successfully', orders: [], balance: 1 },
      },
    });
    await fillPriorityOrder(user, '2');
    const field = screen.getByLabelText(/^Insured value/);
    expect(screen.getByText('Optional. $1.00 per $100 declared, at least $1.00')).toBeInTheDocument();
    await user.type(field, '250');
    // $6.50 for the label and $3.00 to insure $250 (3 started hundreds at $1).
    expect(await screen.findByRole('button', { name: 'Create Order — $9.50' })).toBeInTheDocument();
    expect(screen.getByTestId('insurance-price')).toHaveTextContent('Includes $3.00 insurance per label');
    await user.click(screen.getByRole('button', { name: 'Create Order — $9.50' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/order/create')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/order/create')?.body).toMatchObject({
      insuredValue: 250,
      expectedTotal: 9.5,
    });
  });

  it('shows the new price and stays on the form when prices changed before the order (409)', async () => {
    const user = userEvent.setup({ delay: null });
    let price = 6.5;
    const { server } = renderPage({
      'POST /order/price': () => ({ body: { price } }),
      'POST /order/create': () => ({ status: 409, body: { message: 'Prices changed, please review' } }),
    });
    await fillPriorityOrder(user, '2');
    await screen.findByRole('button', { name: 'Create Order — $6.50' });
    price = 7.25;
    await user.click(screen.getByRole('button', { name: 'Create Order — $6.50' }));
    expect(await screen.findByText('Prices changed, please review')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create Order — $7.25' })).toBeInTheDocument();
    expect(screen.queryByText('Dashboard home')).not.toBeInTheDocument();
    const creates = server.calls.filter((c) => c.path === '/order/create');
    expect(creates.map((c) => (c.body as { expectedTotal: number }).expectedTotal)).toEqual([6.5]);
  });

  it('puts every field error of a 400 on its field at once', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /order/create': fieldErrorsReply({
        Weight: 'Weight must be at most 70 lb for USPS Priority Mail',
        ToStreet: 'To Street is not a deliverable address',
      }),
    });
    const to = await fillPriorityOrder(user, '2');
    await user.click(await screen.findByRole('button', { name: 'Create Order — $6.50' }));
    expect(await within(to).findByText('To Street is not a deliverable address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Weight/)).toHaveAccessibleDescription(
      'Weight must be at most 70 lb for USPS Priority Mail',
    );
  });

  it('holds a ZIP of another place in one amber panel and puts the ZIP’s city and state in the fields', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderPage({
      'POST /order/create': ({ body }) =>
        (body as { ToCity: string }).ToCity === 'Boston'
          ? zipHoldReply
          : { status: 201, body: { message: 'Order created successfully', orders: [], balance: 980 } },
    });
    const to = await fillPriorityOrder(user, '1.5');
    await user.clear(within(to).getByLabelText(/^City/));
    await user.type(within(to).getByLabelText(/^City/), 'Boston');
    await user.clear(within(to).getByLabelText(/^ZIP Code/));
    await user.type(within(to).getByLabelText(/^ZIP Code/), '10118');
    await choose(user, /^State/, 'MA — Massachusetts', to);
    await user.click(await screen.findByRole('button', { name: /^Create Order/ }));

    const panel = await screen.findByRole('alert', { name: 'Check the addresses' });
    expect(panel).toHaveTextContent('To address: ZIP 10118 belongs to New York, NY, not Boston, MA');
    expect(panel).not.toHaveTextContent('ToZip');
    await user.click(within(panel).getByRole('button', { name: 'Use New York, NY' }));
    expect(within(to).getByLabelText(/^City/)).toHaveValue('New York');
    expect(within(to).getByRole('combobox', { name: /^State/ })).toHaveValue('NY — New York');

    await user.click(screen.getByRole('button', { name: /^Create Order/ }));
    expect(await screen.findByText('Order created successfully')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/order/create').at(-1)?.body).toMatchObject(zipHoldFixed);
    expect(screen.queryByText('Please check the addresses, or choose Buy anyway')).not.toBeInTheDocument();
  });
});
