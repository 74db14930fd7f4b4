import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
});
