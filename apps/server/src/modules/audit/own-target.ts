import { AppError } from '../../errors.ts';

/**
 * Staff never act on their own account, order or request (a refund, a price, a quote, a deposit): another
 * staff member does, so no one moves money to themselves unseen. The command line has no account.
 */
export function refuseOwnTarget(
  // A StaffActor, or CLI_ACTOR (no account): only who it is matters here.
  actor: { userId: string | null },
  ownerId: string,
  message: string,
): void {
  if (actor.userId !== null && actor.userId === ownerId) throw new AppError('FORBIDDEN', message);
}
