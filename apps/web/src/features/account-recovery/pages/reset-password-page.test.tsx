import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../lib/auth-token';
import { storeEmail } from '../../../lib/stored-email';
import { solveCaptcha } from '../../../testing/altcha-challenge';
import { stubApi } from '../../../testing/fake-server';
import { renderSignedOut } from '../../../testing/render';
import { ResetPasswordPage } from './reset-password-page';

const EMAIL = 'ada.lovelace@example.com';
// The estimator's word lists load on first use; the first verdict can take a few seconds in jsdom.
const SLOW = { timeout: 10_000 };

/** The page over a stubbed API, with `email` saved by the forgot-password step (none: null). */
function renderPage(email: string | null = EMAIL) {
  if (email) storeEmail(email);
  const server = stubApi({
    'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } },
    'POST /auth/resetPassword': { body: { message: 'Password reset', accessToken: 'new-token' } },
  });
  renderSignedOut('/reset', <ResetPasswordPage />);
  return { ...server, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, newPassword: string) {
  await user.type(screen.getByLabelText('OTP'), '123456');
  await user.type(screen.getByLabelText('New Password'), newPassword);
  await user.type(screen.getByLabelText('Confirm New Password'), newPassword);
}

const resetCalls = <T extends { path: string }>(calls: T[]) =>
  calls.filter((c) => c.path === '/auth/resetPassword');

describe('Reset Password', () => {
  it('refuses a new password built on the e-mail before any call, and says why', async () => {
    const { calls, user } = renderPage();
    await solveCaptcha();
    await fill(user, 'lovelace2024');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(
      () =>
        expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
          expect.stringMatching(/^Password is too easy to guess\. It contains your email address\./),
        ),
      SLOW,
    );
    expect(resetCalls(calls)).toHaveLength(0);
  }, 20_000);

  it('resets with a strong password and signs in, replacing the API key unless unticked', async () => {
    const { calls, user } = renderPage();
    await solveCaptcha();
    await fill(user, 'sesame-otter-42');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(resetCalls(calls)).toHaveLength(1), SLOW);
    expect(resetCalls(calls)[0]).toMatchObject({
      body: {
        email: EMAIL,
        OTP: '123456',
        newPassword: 'sesame-otter-42',
        captchaToken: 'captcha-ok',
        regenerateApiKey: true,
      },
    });
    await waitFor(() => expect(getAccessToken()).toBe('new-token'));
  }, 20_000);

  it('focuses the first field with an error in page order, the e-mail above the code', async () => {
    const { user } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'));
    expect(screen.getByLabelText('OTP')).toHaveAccessibleDescription('OTP must be 6 digits');
  });
});
