import type { AdminLabelTypesResponse, ProviderView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../../testing/render';
import { RouteDialog } from './route-dialog';

const provider = (id: string, name: string, kind: ProviderView['kind']): ProviderView => ({
  _id: id,
  kind,
  name,
  mode: 'live',
  enabled: true,
  credentialHint: 'abcd',
  baseUrl: null,
  maxConcurrent: 10,
  labelTypes: [],
  health: { circuit: 'closed', calls: 0, successRate: null, p95Ms: null, lastError: null },
  createdAt: '2026-11-26T00:00:00.000Z',
});

const priority: AdminLabelTypesResponse['labelTypes'][number] = {
  _id: 't-pri',
  name: 'USPS Priority Mail',
  uid: 'priority',
  carrier: 'usps',
  service: 'priority',
  isStaffMade: false,
  weightUnit: 'lb',
  maxWeight: 70,
  status: true,
  voidWindowDays: 30,
  orderCount: 0,
  prices: [{ fromWeight: 0, toWeight: 70, price: 6.5 }],
  route: [
    { providerId: 'p-b', providerName: 'Portal B', kind: 'labelport', enabled: true, service: 'priority' },
    {
      providerId: 'p-ep',
      providerName: 'EasyPost',
      kind: 'easypost',
      enabled: true,
      service: 'USPS:Priority',
    },
  ],
  mode: 'ordered',
  withinCents: null,
  minMarginCents: null,
  minMarginPercent: null,
};

const renderDialog = (labelType = priority) =>
  renderWithApi(<RouteDialog labelType={labelType} onClose={() => {}} />, '/admin/label-types', {
    'GET /admin/providers': {
      body: {
        providers: [provider('p-b', 'Portal B', 'labelport'), provider('p-ep', 'EasyPost', 'easypost')],
      },
    },
    'PUT /admin/label-types/t-pri/route': ({ body }) => ({
      body: { message: 'Route saved', route: priority.route, ...(body as object) },
    }),
  }).server;

const routePuts = (server: ReturnType<typeof renderDialog>) =>
  server.calls.filter((c) => c.method === 'PUT' && c.path === '/admin/label-types/t-pri/route');

describe('route editor: how the route is used (decision 332)', { timeout: 20_000 }, () => {
  it('sends cheapest-within with its amount and a margin floor, in cents', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Choose the provider' }));
    await user.click(
      await screen.findByRole('option', { name: 'First unless another is cheaper by more than' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Cheaper by more than' }), '0.25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum margin' }), '1.10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum margin %' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(routePuts(server)).toHaveLength(1));
    expect(routePuts(server)[0]!.body).toEqual({
      route: [
        { providerId: 'p-b', service: 'priority' },
        { providerId: 'p-ep', service: 'USPS:Priority' },
      ],
      mode: 'cheapest-within',
      withinCents: 25,
      minMarginCents: 110,
      minMarginPercent: 5,
    });
  });

  it('says what cheapest-within lacks and sends nothing until it is given', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Choose the provider' }));
    await user.click(
      await screen.findByRole('option', { name: 'First unless another is cheaper by more than' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save route' }));
    expect(
      await within(dialog).findByText('Say within how many cents of the first provider'),
    ).toBeInTheDocument();
    expect(routePuts(server)).toHaveLength(0);
  });

  it('shows the saved mode and floor in dollars, and keeps them when only the order changes', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderDialog({ ...priority, mode: 'cheapest', minMarginCents: 75 });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Choose the provider' })).toHaveValue(
      'Cheapest quote',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Minimum margin' })).toHaveValue('$0.75');
    expect(within(dialog).queryByRole('textbox', { name: 'Cheaper by more than' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Move provider 2 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(routePuts(server)).toHaveLength(1));
    expect(routePuts(server)[0]!.body).toMatchObject({
      route: [{ providerId: 'p-ep' }, { providerId: 'p-b' }],
      mode: 'cheapest',
      withinCents: null,
      minMarginCents: 75,
      minMarginPercent: null,
    });
  });
});
