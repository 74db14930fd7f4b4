import type { RequestMeta } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { insertAuditRow } from './audit.repository.ts';

export { refuseOwnTarget } from './own-target.ts';

/** The staff member behind an admin write, with where the request came from. */
export type StaffActor = RequestMeta & { userId: string };
/** The operator's command line (`npm run admin`): no account, no address. */
export const CLI_ACTOR = { userId: null, ip: null, userAgent: 'admin-cli' } as const;
/** A payment company's news (webhook, return check, reconciliation job): no person behind it (decision 323). */
export const PAYMENTS_ACTOR = { userId: null, ip: null, userAgent: 'payment-provider' } as const;

export type AuditEntry = {
  actor: StaffActor | typeof CLI_ACTOR | typeof PAYMENTS_ACTOR;
  /** `<area>.<verb>`, such as `user.adjust_balance` or `invoice.approve`. */
  action: string;
  targetType: string;
  targetId: string | null;
  /** The fields the action changed, before and after; never a secret (password, key, token). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Appends one audit row inside the caller's transaction, so the row exists exactly when the change
 * does: a failure of either rolls back both. Every staff write calls this once.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await insertAuditRow(tx, {
    actorId: entry.actor.userId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.actor.ip,
    userAgent: entry.actor.userAgent?.slice(0, 500) ?? null,
  });
}
