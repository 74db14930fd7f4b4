import { REGISTER_REDIRECT_MS } from '@portal/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestChallenge } from '../../../testing/altcha-challenge';
import { stubApi } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';
import { RegisterPage } from '../pages/register-page';
import { SignInPage } from '../pages/sign-in-page';

const authRoutes = [
  { path: '/', element: <SignInPage /> },
  { path: '/login', element: <SignInPage /> },
  { path: '/register', element: <RegisterPage /> },
];

const captchaRoutes = {
  'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } },
  'GET /auth/captcha': async () => ({ body: await createTestChallenge() }),
};

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada Shipping');
  await user.type(screen.getByLabelText('Discord Name'), 'ada.ships');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Register', () => {
  it('has the spec fields and a Login link back to /', () => {
    stubApi(captchaRoutes);
    renderRoutes(authRoutes, '/register');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Discord Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
  });

  it('toasts success, then opens /login after 2.5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubApi({
      ...captchaRoutes,
      'POST /auth/register': {
        status: 201,
        body: { message: 'Account created successfully, please login.' },
      },
    });
    const { router } = renderRoutes(authRoutes, '/register');
    await fillAndSubmit(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));

    expect(await screen.findByText('Account created successfully, please login.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/register')?.body).toMatchObject({
      username: 'Ada Shipping',
      discordId: 'ada.ships',
      password: 'a-long-password',
      captchaToken: expect.any(String),
    });
    expect(router.state.location.pathname).toBe('/register');

    act(() => vi.advanceTimersByTime(REGISTER_REDIRECT_MS));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("keeps the user on the form with the server's message when registration fails", async () => {
    stubApi({
      ...captchaRoutes,
      'POST /auth/register': { status: 409, body: { message: 'This Discord name is already registered' } },
    });
    const { router } = renderRoutes(authRoutes, '/register');
    await fillAndSubmit(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent('This Discord name is already registered');
    expect(router.state.location.pathname).toBe('/register');
  });
});
