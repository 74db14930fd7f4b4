import { centsToDollars, type SessionUser, type TeamRole } from '@portal/shared';
import type { Sealer } from '../../lib/tokens.ts';
import type { UserRow } from './users.repository.ts';

/**
 * The session user as the API shows it: an allow-list of fields, balance in dollars. With `team`, the
 * person is a member of that account: its balance, and its key only for the account's own row.
 */
export const toSessionUser = (
  user: UserRow,
  sealer: Sealer,
  team?: { account: UserRow; role: TeamRole },
): SessionUser => {
  const account = team?.account ?? user;
  return {
    _id: user.id,
    username: user.username,
    discordId: user.discordId,
    email: user.email,
    emailVerified: user.emailVerified,
    balance: centsToDollars(account.balanceCents),
    api_key: account.id === user.id ? sealer.open(user.apiKeyCipher) : '',
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    team: {
      _id: account.id,
      name: account.username,
      role: team?.role ?? 'owner',
      requireTwoFactor: account.teamRequiresTwoFactor,
    },
  };
};
