import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { fieldErrorsReply, stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { sessionUserFixture } from '../../../testing/session-fixtures';
import { FedexOrderPage } from './fedex-order-page';

const address = (name: string, city: string) => ({
  name,
  street: '1 Main St',
  street2: '',
  city,
  state: 'TX',
  zip: '78701',
  phone: '512-555-0100',
});

const order = (over: Record<string, unknown>) => ({
  _id: 'a1b2c3d4-0000-4000-8000-000000000001',
  uuid: 'a1b2c3d4-0000-4000-8000-000000000001',
  status: 'Pending',
  price: null,
  note: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  file: null,
  from: address('Sam Sender', 'Austin'),
  to: address('Rita Receiver', 'Boston'),
  weight: 5,
  length: 30,
  width: 20,
  height: 10,
  weightUnit: 'kg',
  dimensionUnit: 'cm',
  specialNotes: '',
  ...over,
});

const session = (balance: number) => ({ body: sessionUserFixture({ username: 'Demo', balance }) });

const renderPage = (routes: Parameters<typeof stubApi>[0] = {}) => {
  Cookies.set(TOKEN_COOKIE, 'valid-token');
  const server = stubApi({
    'GET /auth/access': session(100),
    'GET /fed/read': { body: { docs: [], totalPages: 1, totalDocs: 0 } },
    ...routes,
  });
  renderWithRouter(<FedexOrderPage />, '/fedex-order');
  return server;
};

afterEach(() => vi.restoreAllMocks());

describe('Overnight FedEx page', { timeout: 20_000 }, () => {
  it('opens on Orders, reads 20 a page, and shows the Status Note and the actions of each status', async () => {
    const server = renderPage({
      'GET /fed/read': {
        body: {
          docs: [
            order({ status: 'Awaiting User Input', price: 42, note: 'Pickup at 9am' }),
            order({
              _id: 'ffff0000-0000-4000-8000-000000000002',
              status: 'Completed',
              price: 10,
              file: '/x',
            }),
            order({ _id: 'eeee0000-0000-4000-8000-000000000003', status: 'Pending' }),
          ],
          totalPages: 1,
          totalDocs: 3,
        },
      },
    });
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    const rows = await screen.findAllByTestId('courier-order-row');
    expect(within(rows[0]!).getByText('Pickup at 9am')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Accept A1B2C3D4' })).toHaveTextContent('$42.00');
    expect(within(rows[0]!).getByRole('button', { name: 'Reject A1B2C3D4' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Download FFFF0000' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).queryAllByRole('button', { name: /^(Accept|Reject|Download)/ })).toHaveLength(0);
    expect(within(rows[2]!).getByText('5 kg')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('30 × 20 × 10 cm')).toBeInTheDocument();
    expect(server.fetchStub.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/fed/read'))).toMatch(
      /limit=20/,
    );
  });

  it('sends the order in kg and cm as numbers, and returns to Orders after creating it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage({
      'POST /fed/create-order': { status: 201, body: { message: 'Courier order created successfully' } },
    });
    await user.click(screen.getByRole('tab', { name: 'Create Order' }));
    for (const [region, name] of [
      ['Sender Information', 'Sam Sender'],
      ['Receiver Information', 'Rita Receiver'],
    ] as const) {
      const card = within(screen.getByRole('region', { name: region }));
      await user.type(card.getByRole('textbox', { name: 'Name' }), name);
      await user.type(card.getByRole('textbox', { name: 'Street' }), '1 Main St');
      await user.type(card.getByRole('textbox', { name: 'City' }), 'Austin');
      await user.click(card.getByRole('combobox', { name: 'State' }));
      await user.click(await screen.findByRole('option', { name: 'TX — Texas' }));
      await user.type(card.getByRole('textbox', { name: 'ZIP Code' }), '78701');
      await user.type(card.getByRole('textbox', { name: 'Phone' }), '512-555-0100');
    }
    const details = within(screen.getByRole('region', { name: 'Package Details' }));
    await user.type(details.getByRole('spinbutton', { name: 'Weight' }), '2.5');
    await user.click(details.getByText('kg'));
    await user.click(details.getByText('cm'));
    await user.type(details.getByRole('spinbutton', { name: 'Length' }), '30');
    await user.type(details.getByRole('spinbutton', { name: 'Width' }), '20');
    await user.type(details.getByRole('spinbutton', { name: 'Height' }), '10');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true'),
    );
    const sent = server.calls.find((c) => c.path === '/fed/create-order')?.body;
    expect(sent).toMatchObject({
      weight: 2.5,
      length: 30,
      width: 20,
      height: 10,
      weightUnit: 'kg',
      dimensionUnit: 'cm',
      from: { name: 'Sam Sender', state: 'TX', zip: '78701', phone: '512-555-0100', street2: '' },
      to: { name: 'Rita Receiver' },
    });
  });

  it('puts the server’s field messages on the fields and stays on Create Order', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /fed/create-order': fieldErrorsReply({
        'to.zip': 'ZIP must be 5 digits',
        weight: 'Weight must be at most 2000',
      }),
    });
    await user.click(screen.getByRole('tab', { name: 'Create Order' }));
    // The browser's required checks are the form's own (spec section 5); submit the form past them.
    fireEvent.submit(screen.getByRole('form', { name: 'Create courier order' }));
    const receiver = within(await screen.findByRole('region', { name: 'Receiver Information' }));
    expect(await receiver.findByText('ZIP must be 5 digits')).toBeInTheDocument();
    expect(screen.getByText('Weight must be at most 2000')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create Order' })).toHaveAttribute('aria-selected', 'true');
  });

  it('with too little balance, Accept says how much to add and leads to Deposits instead of paying', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage({
      'GET /auth/access': session(30),
      'GET /fed/read': {
        body: { docs: [order({ status: 'Awaiting User Input', price: 42 })], totalPages: 1, totalDocs: 1 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept A1B2C3D4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the quote' });
    expect(within(dialog).getByRole('link', { name: 'Add $12.00 to your balance' })).toHaveAttribute(
      'href',
      '/deposits',
    );
    expect(within(dialog).getByRole('button', { name: 'Accept and pay $42.00' })).toBeDisabled();
    expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('a refused Accept is only logged (spec section 8) and the list is read again', async () => {
    const user = userEvent.setup({ delay: null });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = renderPage({
      'GET /fed/read': {
        body: { docs: [order({ status: 'Awaiting User Input', price: 42 })], totalPages: 1, totalDocs: 1 },
      },
      'PATCH /fed/update/a1b2c3d4-0000-4000-8000-000000000001': {
        status: 409,
        body: { message: 'This order is Cancelled; it cannot move to In Process' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept A1B2C3D4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the quote' });
    const readsBefore = server.calls.filter((c) => c.path === '/fed/read').length;
    await user.click(within(dialog).getByRole('button', { name: 'Accept and pay $42.00' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'In Process' });
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/fed/read').length).toBeGreaterThan(readsBefore),
    );
    expect(
      screen.queryByText('This order is Cancelled; it cannot move to In Process'),
    ).not.toBeInTheDocument();
  });
});
