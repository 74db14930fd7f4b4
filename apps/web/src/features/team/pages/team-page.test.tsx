import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamRole } from '@portal/shared';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { stubApi, type Routes } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { sessionUserFixture } from '../../../testing/session-fixtures';
import { JoinTeamPage } from './join-team-page';
import { TeamPage } from './team-page';

// Signed in, so the session check asks the fake API who this is.
beforeEach(() => Cookies.set(TOKEN_COOKIE, 'valid-token'));
afterEach(() => Cookies.remove(TOKEN_COOKIE));
const OWNER_ID = '6f1c2d4e-0000-4000-8000-000000000001';
const member = (over: Record<string, unknown>) => ({
  _id: OWNER_ID,
  username: 'Owner Olga',
  email: 'olga@example.com',
  role: 'owner',
  twoFactorEnabled: true,
  lastSeenAt: '2026-11-28T10:00:00.000Z',
  dailyLimit: null,
  ...over,
});
const team = {
  team: { _id: OWNER_ID, name: 'Olga Ships' },
  members: [
    member({}),
    member({ _id: 'm2', username: 'packer', email: null, role: 'shipper', dailyLimit: 50 }),
  ],
  invitations: [
    { _id: 'i1', email: 'new@example.com', role: 'viewer', expiresAt: '2026-12-05T10:00:00.000Z' },
  ],
};

/** The team with its shipper, packer, still without a second factor. */
const withoutSecondFactor = {
  ...team,
  members: [member({}), member({ _id: 'm2', username: 'packer', role: 'shipper', twoFactorEnabled: false })],
};

const renderTeam = (role: TeamRole, routes: Routes = {}, requireTwoFactor = false) => {
  const server = stubApi({
    'GET /auth/access': {
      body: sessionUserFixture({
        team: { _id: OWNER_ID, name: 'Olga Ships', role, requireTwoFactor },
      }),
    },
    'GET /team': { body: team },
    'GET /team/api-keys': {
      body: {
        keys: [
          {
            _id: 'k1',
            name: 'books',
            role: 'viewer',
            prefix: 'lp_tAbCdEf',
            member: { _id: OWNER_ID, username: 'Owner Olga' },
            createdAt: '2026-11-27T10:00:00.000Z',
            lastUsedAt: null,
          },
        ],
      },
    },
    ...routes,
  });
  renderWithRouter(<TeamPage />, '/team');
  return server;
};

describe('Team page', { timeout: 20_000 }, () => {
  it('lists members with role, limit and second factor, and invites by e-mail with a role', async () => {
    const server = renderTeam('owner', {
      'POST /team/invitations': {
        status: 201,
        body: {
          message: 'Invitation sent to packer2@example.com',
          invitation: {
            _id: 'i2',
            email: 'packer2@example.com',
            role: 'shipper',
            expiresAt: '2026-12-05T10:00:00.000Z',
          },
        },
      },
    });
    const rows = await screen.findAllByTestId('member-row');
    expect(rows.map((r) => r.getAttribute('data-username'))).toEqual(['Owner Olga', 'packer']);
    expect(within(rows[1]!).getByLabelText('Daily limit of packer')).toHaveValue('$50');
    expect(
      within(screen.getByTestId('invitation-row')).getByRole('button', { name: 'Resend' }),
    ).toBeVisible();

    await userEvent.type(screen.getByLabelText('E-mail'), 'packer2@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(server.posts().map((c) => [c.path, c.body])).toEqual([
        ['/team/invitations', { email: 'packer2@example.com', role: 'shipper' }],
      ]),
    );
  });

  it('shows a new key once, with its role, beside the keys and their last use', async () => {
    renderTeam('owner', {
      'POST /team/api-keys': {
        status: 201,
        body: {
          message: 'API key created: copy it now, it is shown once',
          apiKey: 'lp_tSECRET',
          key: {
            _id: 'k2',
            name: 'shop',
            role: 'viewer',
            prefix: 'lp_tSECRE',
            member: { _id: OWNER_ID, username: 'Owner Olga' },
            createdAt: '2026-11-28T10:00:00.000Z',
            lastUsedAt: null,
          },
        },
      },
    });
    expect(await screen.findByTestId('team-key-row', {}, { timeout: 5000 })).toHaveTextContent(
      'books lp_tAbCdEf…viewerOwner OlgaNeverRevoke',
    );
    await userEvent.type(screen.getByLabelText('Key name'), 'shop');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-team-key')).toHaveTextContent('lp_tSECRET');
  });

  it('says there are no API keys yet, and how to make one, instead of an empty table', async () => {
    renderTeam('owner', { 'GET /team/api-keys': { body: { keys: [] } } });
    expect(await screen.findByText('No API keys yet', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Name a key and choose its role above, then Create key/)).toBeVisible();
    expect(screen.queryByTestId('team-key-row')).not.toBeInTheDocument();
  });

  it('says when the API keys could not be loaded, and loads them again on Try again', async () => {
    let calls = 0;
    renderTeam('owner', {
      'GET /team/api-keys': () =>
        ++calls === 1 ? { status: 400, body: { message: 'Keys are resting' } } : { body: { keys: [] } },
    });
    expect(await screen.findByText('Keys are resting', {}, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No API keys yet')).toBeVisible();
  });

  it('says whom the second factor rule would stop before it is turned on', async () => {
    renderTeam('owner', { 'GET /team': { body: withoutSecondFactor } });
    expect(
      await screen.findByText(
        'Turning this on asks packer to turn on two-factor sign-in before anything else, and refuses their API keys until then.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.queryByTestId('second-factor-waiting')).not.toBeInTheDocument();
  });

  it('lists the members the rule keeps out while it is on', async () => {
    renderTeam('owner', { 'GET /team': { body: withoutSecondFactor } }, true);
    expect(await screen.findByTestId('second-factor-waiting', {}, { timeout: 5000 })).toHaveTextContent(
      'Two-factor sign-in comes first for packer: until it is on, nothing else opens and their API keys are refused.',
    );
    expect(screen.queryByText(/Turning this on asks/)).not.toBeInTheDocument();
  });

  it('names the reader as "you" among the members the rule would hold back', async () => {
    const nobodyHasOne = {
      ...team,
      members: [
        member({ twoFactorEnabled: false }),
        member({ _id: 'm2', username: 'packer', role: 'shipper', twoFactorEnabled: false }),
      ],
    };
    renderTeam('owner', { 'GET /team': { body: nobodyHasOne } });
    expect(
      await screen.findByText(
        'Turning this on asks you and packer to turn on two-factor sign-in before anything else, and refuses their API keys until then.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('warns of nobody when every member has a second factor', async () => {
    renderTeam('owner', {}, true);
    await screen.findAllByTestId('member-row');
    expect(screen.getByRole('switch', { name: /Require a second factor/ })).toBeChecked();
    expect(screen.queryByTestId('second-factor-waiting')).not.toBeInTheDocument();
    expect(screen.queryByText(/Turning this on asks/)).not.toBeInTheDocument();
  });

  it('shows a shipper the team without controls to change it', async () => {
    const server = renderTeam('shipper');
    await screen.findAllByTestId('member-row');
    await waitFor(() => expect(screen.queryByLabelText('Role of packer')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/team/api-keys')).toBe(false);
  });
});

describe('Join a team page', { timeout: 20_000 }, () => {
  it('joins with the token of the link, and shows why a link is refused', async () => {
    let attempt = 0;
    const server = stubApi({
      'GET /auth/access': { body: sessionUserFixture({ username: 'packer' }) },
      'POST /team/invitations/accept': () =>
        ++attempt === 1
          ? { status: 400, body: { message: 'This invitation has expired: ask for a new one' } }
          : { body: { message: 'You joined the Olga Ships team as shipper', team: { name: 'Olga Ships' } } },
    });
    renderWithRouter(<JoinTeamPage />, '/team/join?token=tok-123');
    await userEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    expect(await screen.findAllByText('This invitation has expired: ask for a new one')).not.toHaveLength(0);
    expect(server.posts().map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
  });
});
