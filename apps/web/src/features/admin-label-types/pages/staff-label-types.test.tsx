import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldErrorsReply, stubApi } from '../../../testing/fake-server';
import { adminLabelTypeFixture, providerFixture } from '../../../testing/label-type-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { LabelTypesPage } from './label-types-page';

const builtIn = adminLabelTypeFixture({ orderCount: 3 });
const staffMade = {
  ...builtIn,
  _id: 't-saver',
  name: 'UPS Ground Saver',
  uid: 'ups_ground_saver',
  carrier: 'ups' as const,
  service: 'ups_ground_saver',
  isStaffMade: true,
  voidWindowDays: 90,
};
/** Every built-in service already has its type: only another service is left to make one for. */
const services = [{ uid: 'priority', carrier: 'usps', name: 'USPS Priority Mail', weightUnit: 'lb' }];
const upsChoices = {
  choices: [
    {
      service: 'ups_ground_saver',
      name: 'UPS Ground Saver',
      source: 'labelport',
      providerName: 'Portal B',
      weightUnit: 'lb',
    },
    { service: 'Ground', name: 'UPS Ground', source: 'easypost', providerName: 'EasyPost', weightUnit: null },
    {
      service: 'UPSGroundsaver',
      name: 'Ground Saver',
      source: 'easypost',
      providerName: null,
      weightUnit: null,
    },
    {
      service: 'ups_ground_saver',
      name: 'Ground Saver',
      source: 'shippo',
      providerName: null,
      weightUnit: null,
    },
  ],
  unavailable: [{ providerName: 'Shippo', message: 'no answer within 5000 ms' }],
};

const provider = (id: string, kind: 'easypost' | 'shippo', name: string) =>
  providerFixture(id, name, kind, { mode: 'test', createdAt: '2026-11-28T00:00:00.000Z' });

const renderPage = () => {
  const server = stubApi({
    'GET /admin/providers': {
      body: { providers: [provider('p-ep', 'easypost', 'EasyPost'), provider('p-sh', 'shippo', 'Shippo')] },
    },
    'PUT /admin/label-types/t-saver/route': ({ body }) => ({
      body: { message: 'Route saved', route: (body as { route: unknown[] }).route },
    }),
    'GET /admin/label-types': { body: { labelTypes: [builtIn, staffMade], services } },
    'GET /admin/label-types/service-choices': ({ url }) =>
      url.searchParams.get('carrier') === 'ups'
        ? { body: upsChoices }
        : { body: { choices: [], unavailable: [] } },
    'POST /admin/label-types': ({ body }) =>
      (body as { name: string }).name === 'UPS Ground Saver'
        ? fieldErrorsReply({ name: 'A label type named UPS Ground Saver already exists' })
        : { status: 201, body: { message: 'Label type created', labelType: { ...staffMade, _id: 't-new' } } },
    'PUT /admin/label-types/t-saver': ({ body }) => ({
      body: { message: 'Label type saved', labelType: { ...staffMade, ...(body as object) } },
    }),
  });
  renderWithRouter(<LabelTypesPage />, '/admin/label-types');
  return server;
};

async function openNewStaffMade(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('row', { name: /UPS Ground Saver/ });
  const add = screen.getByRole('button', { name: 'New label type' });
  expect(add).toBeEnabled();
  await user.click(add);
  const dialog = await screen.findByRole('dialog', { name: 'New label type' });
  await user.click(within(dialog).getByRole('combobox', { name: /Carrier service/ }));
  await user.click(await screen.findByRole('option', { name: 'Another service (any carrier)' }));
  return dialog;
}

describe('Label types staff make for any service (decision 334)', { timeout: 20_000 }, () => {
  it('makes one from a service an upstream portal sells: its unit comes along, and the body names no uid', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    const dialog = await openNewStaffMade(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Ground Saver (lb)');
    await user.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'UPS' }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Service' }));
    const list = await screen.findByRole('listbox');
    // Grouped by where each came from; a service offered twice is offered once.
    expect(within(list).getByText('Portal B (LabelPort portal)')).toBeInTheDocument();
    expect(within(list).getByText('EasyPost (EasyPost)')).toBeInTheDocument();
    expect(within(list).getByText('EasyPost (documented)')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['UPS Ground Saverups_ground_saver', 'UPS GroundGround', 'Ground SaverUPSGroundsaver']);
    expect(within(dialog).getByText(/Not reachable just now: Shippo/)).toBeInTheDocument();
    await user.click(within(list).getAllByRole('option')[0]!);
    expect(within(dialog).getByRole('radio', { name: 'Pounds (lb)' })).toBeChecked();
    expect(within(dialog).getByText(/Empty: the carrier's 90 days/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Max weight \(lb\)/), '70');
    await user.type(within(dialog).getByLabelText('Tier 1 to weight'), '70');
    await user.type(within(dialog).getByLabelText('Tier 1 price'), '8.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create label type' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]!.body).toEqual({
      name: 'Ground Saver (lb)',
      carrier: 'ups',
      service: 'ups_ground_saver',
      weightUnit: 'lb',
      maxWeight: 70,
      status: true,
      prices: [{ fromWeight: 0, toWeight: 70, price: 8.5 }],
      insurance: { per100: 1, min: 1 },
      returnLabelTypeId: null,
    });
    expect(server.queries('/admin/label-types/service-choices')).toContainEqual({ carrier: 'ups' });
  });

  it('takes a service typed freely, and refuses a missing carrier, service or unit in the rule’s words', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    const dialog = await openNewStaffMade(user);
    expect(within(dialog).getByRole('combobox', { name: 'Service' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Create label type' }));
    expect(await within(dialog).findByText('Choose a carrier')).toBeInTheDocument();
    expect(within(dialog).getByText('Service is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a weight unit')).toBeInTheDocument();
    expect(server.posts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'FedEx' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Service' }), 'FEDEX_GROUND_ECONOMY');
    await user.click(within(dialog).getByRole('radio', { name: 'Ounces (oz)' }));
    await user.type(within(dialog).getByLabelText(/^Name/), 'UPS Ground Saver');
    await user.type(within(dialog).getByLabelText(/^Max weight \(oz\)/), '15');
    await user.type(within(dialog).getByLabelText('Tier 1 to weight'), '15');
    await user.type(within(dialog).getByLabelText('Tier 1 price'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Create label type' }));
    // The server's word on a name another type has lands on the name field.
    expect(
      await within(dialog).findByText('A label type named UPS Ground Saver already exists'),
    ).toBeInTheDocument();
    expect(server.posts()[0]!.body).toMatchObject({
      carrier: 'fedex',
      service: 'FEDEX_GROUND_ECONOMY',
      weightUnit: 'oz',
    });
  });

  it('edits a staff-made type by its carrier, service and unit', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit UPS Ground Saver' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: /Carrier service/ })).toHaveValue(
      'Another service (any carrier)',
    );
    const service = within(dialog).getByRole('combobox', { name: 'Service' });
    expect(service).toHaveValue('ups_ground_saver');
    await user.clear(service);
    await user.type(service, 'UPSGroundsaver');
    await user.click(within(dialog).getByRole('button', { name: 'Save label type' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'UPS Ground Saver',
      carrier: 'ups',
      service: 'UPSGroundsaver',
      weightUnit: 'lb',
    });
    expect(server.calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('uid');
  });

  it("starts each route step with its service in the provider's form", async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Route UPS Ground Saver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Route of UPS Ground Saver' });
    await user.click(await within(dialog).findByRole('button', { name: 'Add a provider' }));
    expect(within(dialog).getByLabelText(/Carrier:service 1/)).toHaveValue('UPS:ups_ground_saver');
    await user.click(within(dialog).getByRole('button', { name: 'Add a provider' }));
    expect(within(dialog).getByLabelText(/Service level token 2/)).toHaveValue('ups_ground_saver');
    await user.click(within(dialog).getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      route: [
        { providerId: 'p-ep', service: 'UPS:ups_ground_saver' },
        { providerId: 'p-sh', service: 'ups_ground_saver' },
      ],
      mode: 'ordered',
      withinCents: null,
      minMarginCents: null,
      minMarginPercent: null,
    });
  });
});
