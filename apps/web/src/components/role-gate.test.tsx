import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SidebarNav } from '../features/shell/components/sidebar-nav';
import { TOKEN_COOKIE } from '../lib/auth-token';
import { stubApi } from '../testing/fake-server';
import { renderWithRouter } from '../testing/render';
import { sessionUserFixture } from '../testing/session-fixtures';
import { RoleGate } from './role-gate';

// Signed in, so the session check asks the fake API who this is.
beforeEach(() => Cookies.set(TOKEN_COOKIE, 'valid-token'));
afterEach(() => Cookies.remove(TOKEN_COOKIE));
const signedInAs = (role: 'shipper' | 'viewer') =>
  stubApi({
    'GET /auth/access': {
      body: sessionUserFixture({ team: { _id: 'acc', name: 'Olga Ships', role, requireTwoFactor: false } }),
    },
  });

describe('what a role sees', () => {
  it('tells a shipper why Deposits does not open, in the server’s words', async () => {
    signedInAs('shipper');
    renderWithRouter(
      <RoleGate permission="deposits.read">
        <p>Deposits</p>
      </RoleGate>,
    );
    expect(await screen.findByTestId('role-refused')).toHaveTextContent('A shipper cannot read deposits');
    expect(screen.queryByText('Deposits')).not.toBeInTheDocument();
  });

  it('leaves Deposits out of a shipper’s menu and the order forms out of a viewer’s', async () => {
    signedInAs('shipper');
    const shipper = renderWithRouter(<SidebarNav compact={false} />);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Deposits' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Simple Order' })).toBeVisible();
    shipper.unmount();

    signedInAs('viewer');
    renderWithRouter(<SidebarNav compact={false} />);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Simple Order' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Deposits' })).toBeVisible();
  });
});
