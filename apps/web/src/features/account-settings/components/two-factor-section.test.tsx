import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { TwoFactorSection } from './two-factor-section';

const FIREFOX_ID = '6f1c2d4e-0000-4000-8000-0000000000f1';
const CHROME_ID = '6f1c2d4e-0000-4000-8000-0000000000c1';
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);

function renderSection() {
  let devices = [
    {
      _id: FIREFOX_ID,
      browser: 'Firefox on Linux',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-27T09:30:00.000Z',
    },
    { _id: CHROME_ID, browser: 'Chrome on Windows', createdAt: '2026-11-25T08:00:00.000Z', lastUsedAt: null },
  ];
  const server = stubApi({
    'GET /account/2fa': { body: { enabled: true, recoveryCodesLeft: 3, isRequired: false } },
    'GET /account/2fa/devices': () => ({ body: { devices } }),
    [`DELETE /account/2fa/devices/${FIREFOX_ID}`]: () => {
      devices = devices.filter((d) => d._id !== FIREFOX_ID);
      return { body: { message: 'This device will be asked for a code at its next sign-in' } };
    },
    'POST /account/2fa/recovery-codes': ({ body }) =>
      (body as { password: string }).password === 'right passphrase'
        ? {
            body: {
              message: 'New recovery codes made; the old ones no longer work',
              recoveryCodes: NEW_CODES,
            },
          }
        : { status: 400, body: { message: 'Password is incorrect' } },
  });
  renderWithRouter(<TwoFactorSection />);
  return { ...server, user: userEvent.setup() };
}

describe('Account settings: two-factor sign-in', () => {
  it('lists remembered devices with their browser and last use, and forgets one', async () => {
    const { calls, user } = renderSection();
    const devices = await screen.findByRole('group', { name: 'Remembered devices' });
    await waitFor(() => expect(within(devices).getAllByTestId('remembered-device')).toHaveLength(2));
    expect(devices).toHaveTextContent('Firefox on Linux');
    expect(devices).toHaveTextContent('Last used Nov 27, 2026');
    expect(devices).toHaveTextContent('Chrome on WindowsRemembered Nov 25, 2026');
    expect(devices).toHaveTextContent('Last used not yet');
    await user.click(within(devices).getByRole('button', { name: 'Forget Firefox on Linux' }));
    await waitFor(() => expect(within(devices).getAllByTestId('remembered-device')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/account/2fa/devices/${FIREFOX_ID}`)).toBe(
      true,
    );
    expect(devices).not.toHaveTextContent('Firefox on Linux');
  });

  it('regenerates recovery codes with the password and a code, and shows the new ones once', async () => {
    const { calls, user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate recovery codes' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong passphrase');
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate codes' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate codes' }));
    const codes = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(codes).toHaveTextContent(NEW_CODES[0]!);
    expect(calls.filter((c) => c.path === '/account/2fa/recovery-codes').at(-1)).toMatchObject({
      body: { password: 'right passphrase', code: '123456' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again, the form asks afresh: the codes are not shown a second time.
    await user.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    const again = await screen.findByRole('dialog', { name: 'Regenerate recovery codes' });
    expect(within(again).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(again).getByLabelText('Password')).toHaveValue('');
  });
});
