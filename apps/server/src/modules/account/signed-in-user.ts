import { AppError } from '../../errors.ts';
import type { UserRow } from '../users/users.service.ts';

/** The signed-in user's row, or 401 when the account is gone. */
export const mustExist = (user: UserRow | undefined): UserRow => {
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return user;
};
