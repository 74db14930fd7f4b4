import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { PasswordSection } from './password-section';

const session = {
  _id: '6f1c2d4e-0000-4000-8000-000000000001',
  username: 'Ada Shipping',
  discordId: 'ada.ships',
  email: 'ada.lovelace@example.com',
  emailVerified: true,
  balance: 0,
  api_key: 'lp_test_key',
  role: 'user',
  twoFactorEnabled: false,
};
const changed = { message: 'Password changed. Other devices have been signed out.' };
// The estimator's word lists load on first use; the first verdict can take a few seconds in jsdom.
const SLOW = { timeout: 10_000 };

async function renderSection(reply: { status?: number; body?: unknown } = { body: changed }) {
  Cookies.set(TOKEN_COOKIE, 'valid-token');
  const server = stubApi({ 'GET /auth/access': { body: session }, 'POST /user/password': reply });
  const view = renderWithRouter(<PasswordSection />);
  await waitFor(() => expect(server.calls.some((c) => c.path === '/auth/access')).toBe(true));
  return { ...server, ...view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, newPassword: string) {
  await user.type(screen.getByLabelText('Current password'), 'the old passphrase');
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), newPassword);
}

const changeCalls = <T extends { path: string }>(calls: T[]) =>
  calls.filter((c) => c.path === '/user/password');

describe('Account settings: Password', () => {
  it("refuses a new password built on the account's own names before any call, and says why", async () => {
    const { calls, user } = await renderSection();
    await fill(user, 'ada.ships!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(
      () =>
        expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
          'Password is too easy to guess. It contains your Discord Name. Add more words that are less common.',
        ),
      SLOW,
    );
    expect(changeCalls(calls)).toHaveLength(0);
  }, 20_000);

  it('changes to a strong password and clears the form', async () => {
    const { calls, user } = await renderSection();
    await fill(user, 'lunar parcel fig tree');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(changed.message, undefined, SLOW)).toBeInTheDocument();
    expect(changeCalls(calls)[0]?.body).toEqual({
      currentPassword: 'the old passphrase',
      newPassword: 'lunar parcel fig tree',
    });
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''));
  }, 20_000);

  it("shows the server's refusal of the new password next to the field", async () => {
    const message = 'Password is too easy to guess. It contains your name.';
    const { user } = await renderSection({
      status: 400,
      body: { message, errors: [{ field: 'newPassword', message }] },
    });
    await fill(user, 'lunar parcel fig tree');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(
      () => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(message),
      SLOW,
    );
  }, 20_000);
});
