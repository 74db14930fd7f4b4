import type { UpdateProfileBody } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { updateUser, type UserRow } from '../users/users.service.ts';
import { mustExist } from './signed-in-user.ts';

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: UpdateProfileBody,
): Promise<UserRow> {
  return mustExist(await updateUser(ctx.db, userId, { username: input.username }));
}
