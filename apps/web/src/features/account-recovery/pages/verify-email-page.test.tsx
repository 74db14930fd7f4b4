import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as authToken from '../../../lib/auth-token';
import { getAccessToken, storeAccessToken } from '../../../lib/auth-token';
import { getStoredEmail, storeEmail } from '../../../lib/stored-email';
import { solveCaptcha } from '../../../testing/altcha-challenge';
import { stubApi } from '../../../testing/fake-server';
import { renderSignedOut } from '../../../testing/render';
import { VERIFIED_SIGN_IN_MESSAGE, VerifyEmailPage } from './verify-email-page';

const EMAIL = 'ada.lovelace@example.com';
const SLOW = { timeout: 10_000 };

/** The page over a stubbed API that verifies and, as the server does, signs nobody in. */
function renderPage() {
  storeEmail(EMAIL);
  const server = stubApi({
    'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } },
    'POST /auth/verifyEmail': { body: { message: 'Your email has been verified' } },
  });
  const view = renderSignedOut('/verify', <VerifyEmailPage />);
  return { ...server, ...view, user: userEvent.setup() };
}

async function verify(user: ReturnType<typeof userEvent.setup>) {
  await solveCaptcha();
  await user.type(screen.getByLabelText('OTP'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('Verify Email', () => {
  // A spy, not a module mock: test files share their worker's modules (decision 308).
  let reloadAt: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    reloadAt = vi.spyOn(authToken, 'reloadAt').mockImplementation(() => {});
  });

  it('keeps the session a signed-in reseller has and goes to /', async () => {
    storeAccessToken('the-session-they-have');
    const { calls, user } = renderPage();
    await verify(user);
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/'), SLOW);
    expect(calls.filter((c) => c.path === '/auth/verifyEmail')[0]).toMatchObject({
      body: { email: EMAIL, OTP: '123456', captchaToken: 'captcha-ok' },
    });
    expect(getAccessToken()).toBe('the-session-they-have');
    expect(getStoredEmail()).toBeNull();
  }, 20_000);

  it('tells a signed-out reader to sign in and takes them there, signed out', async () => {
    const { location, user } = renderPage();
    await verify(user);
    expect(await screen.findByText(VERIFIED_SIGN_IN_MESSAGE, {}, SLOW)).toBeVisible();
    expect(getAccessToken()).toBeUndefined();
    await waitFor(() => expect(location()).toBe('/login'), { timeout: 5_000 });
    expect(reloadAt).not.toHaveBeenCalled();
  }, 20_000);
});
