import type { ResellerPriceView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { priorityMail } from '../../../testing/label-type-fixtures';
import { renderWithApi } from '../../../testing/render';
import { ResellerPriceDialog } from './reseller-price-dialog';

const PATH = '/admin/users/r1/prices/t-pri';
const tiers = [{ fromWeight: 0, toWeight: 70, price: 6.5 }];
const row: ResellerPriceView = { labelType: priorityMail, defaultPrices: tiers, own: null, prices: tiers };

const renderDialog = (routes = {}) => {
  const onClose = vi.fn();
  const { server } = renderWithApi(
    <ResellerPriceDialog userId="r1" discordId="acme.labels" row={row} onClose={onClose} />,
    '/admin/resellers/r1',
    routes,
  );
  return { server, onClose };
};

describe('Reseller price dialog', { timeout: 20_000 }, () => {
  it('asks for a percentage above -100 before saving, previews it, then sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, onClose } = renderDialog({
      [`PUT ${PATH}`]: { body: { ...row, own: { percent: -10, tiers: null } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'USPS Priority Mail for acme.labels' });
    await user.click(within(dialog).getByText('Percentage'));
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await within(dialog).findByText('Percent must be more than -100')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Percentage up or down from the default'), '-10');
    expect(within(dialog).getByText('New prices: $5.85')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: PATH,
      body: { percent: -10 },
    });
  });

  it('goes back to the default tiers with a DELETE', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, onClose } = renderDialog({ [`DELETE ${PATH}`]: { body: row } });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toContain(`DELETE ${PATH}`);
  });

  it('saves no own tiers beyond the max weight, and shows the server’s refusal above the buttons', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderDialog({
      [`PUT ${PATH}`]: { status: 409, body: { message: 'Prices changed meanwhile' } },
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Own tiers'));
    const to = within(dialog).getByLabelText('Tier 1 to weight');
    await user.clear(to);
    await user.type(to, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(
      await within(dialog).findByText('Tier 1: To weight 80 is beyond the max weight 70'),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(to);
    await user.type(to, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Prices changed meanwhile');
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      tiers: [{ fromWeight: 0, toWeight: 70, price: 6.5 }],
    });
  });
});
