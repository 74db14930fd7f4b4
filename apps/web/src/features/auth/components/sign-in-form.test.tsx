import { MESSAGE_DURATION_MS } from '@portal/shared';
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
const REFUSED = {
  'POST /auth/login': { status: 400, body: { message: 'Invalid Discord name or password' } },
};

/** The app signed out at `path`, over the captcha routes and `routes`; the stubbed API's calls. */
function renderSignIn(routes = {}, path = '/login') {
  const api = stubApi({ ...captchaRoutes, ...routes });
  renderSignedOut(path);
  return api;
}

async function signIn(user: ReturnType<typeof userEvent.setup>, discordId: string, password: string) {
  await user.type(screen.getByLabelText('Discord Name'), discordId);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign-In', () => {
  it('shows the spec fields, the register link and hides the password until asked', async () => {
    renderSignIn();
    expect(screen.getByLabelText('Discord Name')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');

    const toggle = document.querySelector<HTMLElement>('.mantine-PasswordInput-visibilityToggle');
    await userEvent.click(toggle!);
    expect(password).toHaveAttribute('type', 'text');
  });

  it('checks the fields before calling the server', async () => {
    const { calls } = renderSignIn({}, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Discord Name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/login')).toHaveLength(0);
  });

  it("shows the server's message in a red alert for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderSignIn(REFUSED, '/');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await signIn(user, 'reseller.one', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid Discord name or password');
    expect(alert.className).toMatch(/Alert/);
    expect(alert).toHaveAttribute('data-variant', 'light');

    const login = calls.find((c) => c.path === '/auth/login');
    expect(login?.body).toMatchObject({ discordId: 'reseller.one', password: 'wrong-password' });
    const token = JSON.parse(atob((login?.body as { captchaToken: string }).captchaToken));
    expect(token).toHaveProperty('solution.counter', 25);

    act(() => vi.advanceTimersByTime(MESSAGE_DURATION_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('focuses the first field with an error and ties each message to its field', async () => {
    renderSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Discord Name is required')).toBeInTheDocument();
    const discordName = screen.getByLabelText('Discord Name');
    expect(discordName).toHaveFocus();
    expect(discordName).toHaveAttribute('aria-invalid', 'true');
    expect(discordName).toHaveAccessibleDescription('Discord Name is required');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('data-invalid');
  });

  it('judges nothing before the first submit, then each field as it changes', async () => {
    renderSignIn();
    const user = userEvent.setup();
    const discordName = screen.getByLabelText('Discord Name');
    await user.type(discordName, 'r');
    await user.clear(discordName);
    await user.tab();
    expect(screen.queryByText('Discord Name is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Discord Name is required')).toBeInTheDocument();
    await user.type(discordName, 'r');
    await waitFor(() => expect(screen.queryByText('Discord Name is required')).not.toBeInTheDocument());
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.clear(discordName);
    expect(await screen.findByText('Discord Name is required')).toBeInTheDocument();
  });

  it("sends the schema's values: the Discord Name without the spaces around it", async () => {
    const { calls } = renderSignIn(REFUSED, '/');
    await signIn(userEvent.setup(), '  reseller.one ', 'a-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Discord name or password');
    expect(calls.find((c) => c.path === '/auth/login')?.body).toMatchObject({
      discordId: 'reseller.one',
      password: 'a-password',
    });
  });

  it("keeps a typed password out of the page's markup", async () => {
    renderSignIn();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'otter-lantern');
    expect(password).toHaveValue('otter-lantern');
    expect(document.body.innerHTML).not.toContain('otter-lantern');
  });
});
