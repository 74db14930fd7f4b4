import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from '../../components/error-screen';
import { PageErrorBoundary } from '../signed-out-app';
import { TOKEN_COOKIE } from '../../lib/auth-token';
import { stubApi } from '../../testing/fake-server';
import { renderRoutes, renderSignedOut } from '../../testing/render';
import { sessionUserFixture } from '../../testing/session-fixtures';
import { signedInRoutes } from './signed-in-routes';

const demoUser = sessionUserFixture();

const signIn = () => {
  Cookies.set(TOKEN_COOKIE, 'valid-token');
  stubApi({ 'GET /auth/access': { body: demoUser } });
};

describe('signed-out routes', () => {
  it.each(['/', '/login', '/no/such/page', '/deposits'])('%s shows Sign-In', (path) => {
    stubApi({ 'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } } });
    renderSignedOut(path);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['/register', '/Register', '/register/'])('%s shows Register', (path) => {
    stubApi({ 'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } } });
    renderSignedOut(path);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it.each([
    ['/forgot', 'Forgot Password?'],
    ['/reset', 'Reset Password'],
    ['/verify', 'Verify Email'],
  ])('%s shows %s', async (path, title) => {
    stubApi({ 'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } } });
    renderSignedOut(path);
    // Account recovery pages load when opened.
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("follows the Sign-In page's link to Register without a page load", async () => {
    stubApi({ 'GET /auth/captcha-config': { body: { provider: 'altcha', siteKey: null } } });
    const { location } = renderSignedOut('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it("renders 'Unexpected Application Error!' when a signed-out page fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    renderSignedOut(
      '/',
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument();
  });
});

describe('signed-in routes', () => {
  it('shows the shell with the balance around the dashboard', async () => {
    signIn();
    renderRoutes(signedInRoutes, '/');
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$1,000.00');
    expect(screen.getByRole('heading', { name: 'Welcome back, Demo Reseller' })).toBeInTheDocument();
  });

  // Pages get replaced by their features over time; what the routes own is which page sits at which path.
  it.each([
    ['/createorders', 'Simple Order'],
    ['/createOrders', 'Simple Order'],
    ['/quick-order', 'Fast Order'],
    ['/csv-orders', 'CSV'],
    ['/fedex-order', 'Overnight FedEx'],
    ['/amazon-csv', 'Amazon CSV Generator'],
    ['/deposits', 'Deposits'],
    ['/address', 'Addresses'],
    ['/api-docs', 'Reseller API'],
    ['/shipping-day', 'Shipping day'],
  ])('%s opens the %s page inside the shell', async (path, label) => {
    signIn();
    renderRoutes(signedInRoutes, path);
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5_000 });
    expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('/settings opens Account Setting', async () => {
    signIn();
    renderRoutes(signedInRoutes, '/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Setting' })).toBeInTheDocument();
  });

  it("/verify's link to Account Settings moves the signed-in app there", async () => {
    signIn();
    const { router } = renderRoutes(signedInRoutes, '/verify');
    const link = await screen.findByRole('link', { name: /account setting/i });
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Setting' })).toBeInTheDocument();
  });

  it('shows Page not found for unknown paths inside the shell', async () => {
    signIn();
    renderRoutes(signedInRoutes, '/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("renders 'Unexpected Application Error!' when a page fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
  });
});
