import { formatCents } from '@portal/shared';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { currentActor } from '../../lib/actor.ts';
import { lockBuyer, spentSince } from './teams.repository.ts';

/** Who a purchase is charged for: the member (the account's own row outside a request) and the key. */
export type Buyer = { memberId: string; name: string; apiKeyId: string | null };

const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * In the charging transaction, before the ledger entry: locks the buyer's row (so one member's purchases
 * are decided one after the other, decision 327) and refuses a purchase past their daily limit, saying
 * the limit and what is left today. Every purchase path charges through here.
 */
export async function holdSpend(tx: Tx, accountId: string, amountCents: number): Promise<Buyer> {
  const actor = currentActor();
  const memberId = actor?.accountId === accountId ? actor.memberId : accountId;
  const buyer = await lockBuyer(tx, memberId);
  const limit = buyer?.dailyLimitCents ?? null;
  if (limit !== null) {
    const spent = await spentSince(tx, memberId, startOfUtcDay(new Date()));
    const left = Math.max(0, limit - spent);
    if (amountCents > left) {
      throw new AppError(
        'SPEND_LIMIT',
        `Your daily limit is ${formatCents(limit)} and ${formatCents(left)} is left today: this purchase costs ${formatCents(amountCents)}.`,
      );
    }
  }
  return { memberId, name: buyer?.username ?? '', apiKeyId: actor?.apiKey?.id ?? null };
}
