import { REGISTER_REDIRECT_MS } from '@portal/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestChallenge } from '../../../testing/altcha-challenge';
import { stubApi } from '../../../testing/fake-server';
import { renderSignedOut } from '../../../testing/render';

const captchaRoutes = {
  'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } },
  'GET /auth/captcha': async () => ({ body: await createTestChallenge() }),
};

const REGISTERED = {
  'POST /auth/register': { status: 201, body: { message: 'Account created successfully, please login.' } },
};

/** Register over the captcha routes and `routes`: the stubbed API's calls and the app's location. */
function renderRegister(routes = {}) {
  const api = stubApi({ ...captchaRoutes, ...routes });
  return { ...api, ...renderSignedOut('/register') };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, password = 'a-long-password') {
  await user.type(screen.getByLabelText('Name'), 'Ada Shipping');
  await user.type(screen.getByLabelText('Discord Name'), 'ada.ships');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

// The estimator's word lists load on first use; the first verdict can take a few seconds in jsdom.
const SLOW = { timeout: 10_000 };

describe('Register', () => {
  it('has the spec fields and a Login link back to /', () => {
    renderRegister();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Discord Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
  });

  it('toasts success, then opens /login after 2.5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, location } = renderRegister(REGISTERED);
    await fillAndSubmit(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));

    expect(await screen.findByText('Account created successfully, please login.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/register')?.body).toMatchObject({
      username: 'Ada Shipping',
      discordId: 'ada.ships',
      password: 'a-long-password',
      captchaToken: expect.any(String),
    });
    expect(location()).toBe('/register');

    act(() => vi.advanceTimersByTime(REGISTER_REDIRECT_MS));
    expect(location()).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("keeps the user on the form with the server's message when registration fails", async () => {
    const { location } = renderRegister({
      'POST /auth/register': { status: 409, body: { message: 'This Discord name is already registered' } },
    });
    await fillAndSubmit(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent('This Discord name is already registered');
    expect(location()).toBe('/register');
  });

  it('says why a weak password is refused when the field is left, and never calls the server', async () => {
    const { calls } = renderRegister({ 'POST /auth/register': { status: 201, body: {} } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'aaaaaaaa');
    await user.tab();
    const password = screen.getByLabelText('Password');
    await waitFor(
      () =>
        expect(password).toHaveAccessibleDescription(
          'Password is too easy to guess. Repeated characters like "aaa" are easy to guess. ' +
            'Add more words that are less common. Avoid repeated words and characters.',
        ),
      SLOW,
    );
    expect(screen.getByRole('progressbar', { name: 'Password strength: Very weak' })).toBeInTheDocument();

    await user.clear(password);
    await fillAndSubmit(user, 'ada.ships');
    expect(
      await screen.findByText(
        'Password is too easy to guess. It contains your Discord Name. Add more words that are less common.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/register')).toBe(false);
  }, 20_000);

  it('judges the password again when the Discord Name it contained changes', async () => {
    renderRegister();
    const user = userEvent.setup();
    const discordName = screen.getByLabelText('Discord Name');
    await user.type(discordName, 'kestrel.quarry.lumen');
    await user.type(screen.getByLabelText('Password'), 'kestrel.quarry.lumen');
    await user.tab();
    const ownName = /It contains your Discord Name\./;
    expect(await screen.findByText(ownName, undefined, SLOW)).toBeInTheDocument();

    await user.clear(discordName);
    await user.type(discordName, 'ada.ships');
    await waitFor(() => expect(screen.queryByText(ownName)).not.toBeInTheDocument());
  }, 20_000);

  it('clears the verdict once the password is strong, then signs up with it', async () => {
    const { calls } = renderRegister(REGISTERED);
    const user = userEvent.setup();
    await fillAndSubmit(user, 'shipping');
    expect(await screen.findByText(/^Password is too easy to guess\./, undefined, SLOW)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '-otter-lantern');
    await waitFor(() => expect(screen.queryByText(/^Password is too easy to guess/)).not.toBeInTheDocument());
    expect(
      screen.getByRole('progressbar', { name: /^Password strength: (Strong|Very strong)$/ }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account created successfully, please login.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/register')?.body).toMatchObject({
      password: 'shipping-otter-lantern',
    });
  }, 20_000);

  it('shows the server refusing the password next to the field, and focuses it', async () => {
    const message = 'Password is too easy to guess. It contains your email address.';
    renderRegister({
      'POST /auth/register': { status: 400, body: { message, errors: [{ field: 'password', message }] } },
    });
    await fillAndSubmit(userEvent.setup());
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription(message), SLOW);
    expect(password).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 20_000);

  it('judges a field once it is left, then as it changes, and leaves untouched fields alone', async () => {
    renderRegister();
    const user = userEvent.setup();
    const discordName = screen.getByLabelText('Discord Name');
    await user.type(discordName, 'a');
    expect(screen.queryByText('Discord Name must be at least 2 characters')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Discord Name must be at least 2 characters')).toBeInTheDocument();
    expect(discordName).toHaveAttribute('aria-invalid', 'true');
    await user.type(discordName, 'b');
    await waitFor(() =>
      expect(screen.queryByText('Discord Name must be at least 2 characters')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });
});
