import type { SessionUser } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render';
import { AppHeader } from './app-header';

const user: SessionUser = {
  _id: '6f1c2d4e-0000-4000-8000-000000000001',
  username: 'Demo Reseller',
  discordId: 'demo',
  email: 'demo@labelport.test',
  emailVerified: true,
  balance: 1000,
  api_key: 'lp_test_key',
  role: 'user',
  twoFactorEnabled: false,
};

const renderHeader = (overrides: Partial<SessionUser> = {}) =>
  renderWithRouter(
    <AppHeader
      user={{ ...user, ...overrides }}
      isNavOpen={false}
      onToggleNav={() => {}}
      isCompact={false}
      onToggleCompact={() => {}}
    />,
  );

describe('AppHeader', () => {
  it('shows the balance with a dollar prefix and 2 decimals, the username and the e-mail', () => {
    renderHeader();
    expect(screen.getByTestId('header-balance')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('header-username')).toHaveTextContent('Demo Reseller');
    expect(screen.getByTestId('header-email')).toHaveTextContent('demo@labelport.test');
  });

  it.each([
    [0, '$0.00'],
    [3.5, '$3.50'],
    [1234567.891, '$1,234,567.89'],
  ])('formats a balance of %s as %s', (balance, text) => {
    renderHeader({ balance });
    expect(screen.getByTestId('header-balance')).toHaveTextContent(text);
  });

  it('offers Account Setting and Sign out in the dropdown', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Account Setting' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});
