import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type FakeServer } from '../../../testing/fake-server';
import { adminLabelTypeFixture } from '../../../testing/label-type-fixtures';
import { renderWithRouter } from '../../../testing/render';
import type { User } from '../../../testing/user-actions';
import { LabelTypesPage } from './label-types-page';

const priority = adminLabelTypeFixture({
  orderCount: 12,
  prices: [
    { fromWeight: 0, toWeight: 5, price: 6.5 },
    { fromWeight: 5, toWeight: 70, price: 12 },
  ],
});
const services = [
  { uid: 'priority', carrier: 'usps', name: 'USPS Priority Mail', weightUnit: 'lb' },
  { uid: 'fedex_2day', carrier: 'fedex', name: 'FedEx 2Day', weightUnit: 'lb' },
];

const renderPage = () => {
  const server = stubApi({
    'GET /admin/label-types': { body: { labelTypes: [priority], services } },
    'PUT /admin/label-types/t-pri': ({ body }) => ({
      body: { message: 'Label type saved', labelType: { ...priority, ...(body as object) } },
    }),
  });
  renderWithRouter(<LabelTypesPage />, '/admin/label-types');
  return server;
};

const puts = (server: FakeServer) => server.calls.filter((c) => c.method === 'PUT');

/** Types `value` into `field`, saves, and expects `message` in the dialog and nothing sent. */
async function expectSaveRefused(
  user: User,
  server: FakeServer,
  field: HTMLElement,
  value: string,
  message: string,
) {
  const dialog = screen.getByRole('dialog');
  await user.clear(field);
  await user.type(field, value);
  await user.click(within(dialog).getByRole('button', { name: 'Save label type' }));
  expect(await within(dialog).findByText(message)).toBeInTheDocument();
  expect(puts(server)).toHaveLength(0);
}

describe('Label Types console page', { timeout: 20_000 }, () => {
  it('lists the types with their price range, order count and status', async () => {
    renderPage();
    const row = await screen.findByRole('row', { name: /USPS Priority Mail/ });
    expect(within(row).getByText('$6.50 – $12.00')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
  });

  it('names a gap in the tiers and saves nothing until it is fixed, then sends the spec fields', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit USPS Priority Mail' }));
    const dialog = await screen.findByRole('dialog');
    const from = within(dialog).getByLabelText('Tier 2 from weight');
    await expectSaveRefused(user, server, from, '6', 'No price from 5 to 6');

    await user.clear(from);
    await user.type(from, '5');
    const price = within(dialog).getByLabelText('Tier 1 price');
    await user.clear(price);
    await user.type(price, '5.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save label type' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'USPS Priority Mail',
      uid: 'priority',
      maxWeight: 70,
      status: true,
      prices: [
        { fromWeight: 0, toWeight: 5, price: 5.25 },
        { fromWeight: 5, toWeight: 70, price: 12 },
      ],
      voidWindowDays: 30,
      // Insurance at the default rule ($1 per $100, at least $1) and returns bought as the same type.
      insurance: { per100: 1, min: 1 },
      returnLabelTypeId: null,
    });
    expect(await screen.findByText('Label type saved')).toBeInTheDocument();
  });

  it('lists each type’s void window and edits it; an empty window means the carrier’s default', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    const row = await screen.findByRole('row', { name: /USPS Priority Mail/ });
    expect(within(row).getByText('30 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit USPS Priority Mail' }));
    const dialog = await screen.findByRole('dialog');
    const window = within(dialog).getByLabelText('Void window (days)');
    expect(window).toHaveValue('30');
    await expectSaveRefused(user, server, window, '400', 'Void window must be 1 to 365 whole days');

    await user.clear(window);
    await user.type(window, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save label type' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ voidWindowDays: 45 });
  });

  it('tells a new type’s default void window from its carrier', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await screen.findByRole('row', { name: /USPS Priority Mail/ });
    await user.click(screen.getByRole('button', { name: 'New label type' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Carrier service/ }));
    await user.click(await screen.findByRole('option', { name: 'FedEx 2Day (fedex_2day)' }));
    expect(within(dialog).getByText(/Empty: the carrier's 90 days/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Void window (days)')).toHaveValue('');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers a new type the services no type uses yet, and another service of any carrier', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('row', { name: /USPS Priority Mail/ });
    await user.click(screen.getByRole('button', { name: 'New label type' }));
    await user.click(await screen.findByRole('combobox', { name: /Carrier service/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['FedEx 2Day (fedex_2day)', 'Another service (any carrier)']);
  });

  it('refuses a new type with no name, service or weight, in the shared rule’s words, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await screen.findByRole('row', { name: /USPS Priority Mail/ });
    await user.click(screen.getByRole('button', { name: 'New label type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New label type' });
    await user.click(within(dialog).getByRole('button', { name: 'Create label type' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a carrier service')).toBeInTheDocument();
    expect(within(dialog).getByText('Max weight must be greater than 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Fill in every From, To and Price cell')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('opens a disabled type as disabled and saves it enabled once switched on', async () => {
    const user = userEvent.setup({ delay: null });
    const server = stubApi({
      'GET /admin/label-types': { body: { labelTypes: [{ ...priority, status: false }], services } },
      'PUT /admin/label-types/t-pri': ({ body }) => ({
        body: { message: 'Label type saved', labelType: { ...priority, ...(body as object) } },
      }),
    });
    renderWithRouter(<LabelTypesPage />, '/admin/label-types');
    await user.click(await screen.findByRole('button', { name: 'Edit USPS Priority Mail' }));
    const dialog = await screen.findByRole('dialog');
    const enabled = within(dialog).getByRole('switch', { name: /Enabled/ });
    expect(enabled).not.toBeChecked();
    expect(within(dialog).getByText('Hidden from resellers; new orders refused')).toBeInTheDocument();
    await user.click(enabled);
    expect(within(dialog).getByText('Resellers can order it')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save label type' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ status: true });
  });
});
