import type { AdminSettingsView } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { SettingsPage } from './settings-page';

const SETTINGS: AdminSettingsView = {
  cashappTag: '$LabelPort',
  cashappQr: '',
  paypalInstructions: 'Send to pay@example.com',
  enabledPaymentMethods: ['cashapp', 'paypal'],
  minDeposit: 10,
  maxDeposit: 5000,
  refundWindowDays: 30,
  unusedLabelVoidDays: null,
  labelFileRetentionDays: 180,
};

function renderSettings(settings: AdminSettingsView = SETTINGS) {
  const server = stubApi({
    'GET /admin/settings': { body: settings },
    'PUT /admin/settings': ({ body }) => ({ body: { ...settings, ...(body as object) } }),
  });
  renderWithRouter(<SettingsPage />, '/admin/settings');
  return server;
}

const savedBody = (server: ReturnType<typeof stubApi>) =>
  server.calls.filter((c) => c.method === 'PUT').at(-1)?.body as Record<string, unknown> | undefined;

describe('Console Settings: unused labels', { timeout: 20_000 }, () => {
  it('is off by default; turning it on saves 28 days unless staff choose another number', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderSettings();
    const toggle = await screen.findByRole('switch', { name: /Void unused labels/ });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByLabelText(/Void unused labels after/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(savedBody(server)).toMatchObject({ unusedLabelVoidDays: null }));

    await user.click(toggle);
    const days = screen.getByLabelText(/Void unused labels after/);
    expect(days).toHaveValue('28');
    await user.clear(days);
    await user.type(days, '21');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(savedBody(server)).toMatchObject({ unusedLabelVoidDays: 21 }));
  });

  it('shows the saved number of days and refuses an empty one', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderSettings({ ...SETTINGS, unusedLabelVoidDays: 45 });
    expect(await screen.findByRole('switch', { name: /Void unused labels/ })).toBeChecked();
    const days = screen.getByLabelText(/Void unused labels after/);
    expect(days).toHaveValue('45');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Unused label days must be/)).toBeInTheDocument();
    expect(savedBody(server)).toBeUndefined();

    await user.click(screen.getByRole('switch', { name: /Void unused labels/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(savedBody(server)).toMatchObject({ unusedLabelVoidDays: null }));
  });
});

describe('Console Settings: label files', { timeout: 20_000 }, () => {
  it('shows the days label files are kept (180 by default), saves another number and refuses one under 30', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderSettings();
    const days = await screen.findByLabelText(/Keep label files/);
    expect(days).toHaveValue('180');
    await user.clear(days);
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Keep label files for at least 30 days')).toBeInTheDocument();
    expect(savedBody(server)).toBeUndefined();

    await user.clear(days);
    await user.type(days, '365');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(savedBody(server)).toMatchObject({ labelFileRetentionDays: 365 }));
  });
});
