import { centsToDollars, type SessionUser } from '@portal/shared';
import type { Sealer } from '../../lib/tokens.ts';
import type { UserRow } from './users.repository.ts';

/** The session user as the API shows it: an allow-list of fields, balance in dollars. */
export const toSessionUser = (user: UserRow, sealer: Sealer): SessionUser => ({
  _id: user.id,
  username: user.username,
  discordId: user.discordId,
  email: user.email,
  emailVerified: user.emailVerified,
  balance: centsToDollars(user.balanceCents),
  api_key: sealer.open(user.apiKeyCipher),
  role: user.role,
  twoFactorEnabled: user.twoFactorEnabledAt !== null,
});
