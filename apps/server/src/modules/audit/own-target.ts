import { AppError } from '../../errors.ts';
import type { CLI_ACTOR, StaffActor } from './audit.service.ts';

/**
 * Staff never act on their own account, order or request (a refund, a price, a quote, a deposit): another
 * staff member does, so no one moves money to themselves unseen. The command line has no account.
 */
export function refuseOwnTarget(
  actor: StaffActor | typeof CLI_ACTOR,
  ownerId: string,
  message: string,
): void {
  if (actor.userId !== null && actor.userId === ownerId) throw new AppError('FORBIDDEN', message);
}
