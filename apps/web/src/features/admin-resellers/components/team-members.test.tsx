import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { TeamMembers } from './team-members';

const member = (over: Record<string, unknown>) => ({
  _id: 'acc',
  username: 'Olga Owner',
  email: null,
  role: 'owner',
  twoFactorEnabled: false,
  lastSeenAt: null,
  dailyLimit: null,
  disabled: false,
  ...over,
});

describe('the console’s members of a reseller', () => {
  it('lists each member with role and state, and disables one member', async () => {
    const server = stubApi({
      'GET /admin/users/acc/members': {
        body: { members: [member({}), member({ _id: 'm2', username: 'packer', role: 'shipper' })] },
      },
      'POST /admin/users/m2/disable': { body: { message: 'Account disabled' } },
    });
    renderWithRouter(<TeamMembers userId="acc" />);
    const rows = await screen.findAllByTestId('console-member-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Olga Owner—ownerEnabled',
      'packer—shipperEnabledDisable member',
    ]);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Disable member' }));
    await waitFor(() => expect(server.posts().map((c) => c.path)).toEqual(['/admin/users/m2/disable']));
  });
});
