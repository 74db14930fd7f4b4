import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CLI_ACTOR, StaffActor } from '../audit/audit.service.ts';
import { findUserById as findUserRow } from '../users/users.service.ts';
import { lockActiveAdmins } from './admin-users.repository.ts';

/** Who changes a reseller's account: a staff member, or the command line. */
export type Actor = StaffActor | typeof CLI_ACTOR;

export const findUserById = (db: Parameters<typeof findUserRow>[0], id: string) => findUserRow(db, id);

export const notFound = () => AppError.notFound('Reseller not found');

/** Refuses when `userId` is the only enabled admin (the console would have nobody left to run it). */
export async function assertNotLastAdmin(tx: Tx, userId: string, what: string): Promise<void> {
  const admins = await lockActiveAdmins(tx);
  if (admins.length === 1 && admins[0] === userId) {
    throw new AppError('CONFLICT', `The last admin cannot be ${what}`);
  }
}
