import type { ChangePasswordBody } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { endAccountSessions } from '../auth/auth.service.ts';
import {
  beginLoginAttempt,
  failLoginAttempt,
  succeedLoginAttempt,
} from '../login-throttle/login-throttle.service.ts';
import { updateUser, type UserRow } from '../users/users.service.ts';

/**
 * Changes the password after checking the current one (throttled like sign-in); ends every other session,
 * pending code and remembered device (decision 310).
 */
export async function changePassword(
  ctx: AppContext,
  { sessionId, account: user }: { sessionId: string; account: UserRow },
  input: ChangePasswordBody,
  meta: RequestMeta,
): Promise<void> {
  const attempt = await beginLoginAttempt(ctx.db, user.discordId, meta.ip);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw failLoginAttempt(attempt) ?? new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  await succeedLoginAttempt(ctx.db, attempt);
  const owner = { discordName: user.discordId, name: user.username, email: user.email };
  await assertStrongPassword(input.newPassword, owner, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await endAccountSessions(tx, user.id, { keepSessionId: sessionId });
  });
}
