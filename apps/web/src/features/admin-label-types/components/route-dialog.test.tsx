import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminLabelTypeFixture, providerFixture } from '../../../testing/label-type-fixtures';
import { renderWithApi } from '../../../testing/render';
import { RouteDialog } from './route-dialog';

const priority = adminLabelTypeFixture({
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
});

const renderDialog = (labelType = priority) =>
  renderWithApi(<RouteDialog labelType={labelType} onClose={() => {}} />, '/admin/label-types', {
    'GET /admin/providers': {
      body: {
        providers: [
          providerFixture('p-b', 'Portal B', 'labelport'),
          providerFixture('p-ep', 'EasyPost', 'easypost'),
        ],
      },
    },
    'PUT /admin/label-types/t-pri/route': ({ body }) => ({
      body: { message: 'Route saved', route: priority.route, ...(body as object) },
    }),
  }).server;

const routePuts = (server: ReturnType<typeof renderDialog>) =>
  server.calls.filter((c) => c.method === 'PUT' && c.path === '/admin/label-types/t-pri/route');

/** Opens the dialog and chooses "First unless another is cheaper by more than". */
async function openWithCheapestWithin() {
  const user = userEvent.setup({ delay: null });
  const server = renderDialog();
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('combobox', { name: 'Choose the provider' }));
  await user.click(
    await screen.findByRole('option', { name: 'First unless another is cheaper by more than' }),
  );
  return { user, server, dialog };
}

describe('route editor: how the route is used (decision 332)', { timeout: 20_000 }, () => {
  it('sends cheapest-within with its amount and a margin floor, in cents', async () => {
    const { user, server, dialog } = await openWithCheapestWithin();
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
    const { user, server, dialog } = await openWithCheapestWithin();
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
