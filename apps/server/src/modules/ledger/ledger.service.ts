import { formatCents } from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findUserById } from '../users/users.service.ts';
import { holdSpend, type Buyer } from '../teams/teams.service.ts';
import {
  addToBalance,
  findCharge,
  insertEntryOnce,
  setBalanceAfter,
  type LedgerEntryInput,
} from './ledger.repository.ts';

export type PostEntryInput = LedgerEntryInput & {
  /** Only a deposit taken back (refund with staff's leave, dispute) may take the balance below zero. */
  mayGoNegative?: boolean;
  /**
   * A refund's purchase, to give its member's daily limit back for the day it was charged (decision
   * 354): the member and the charge's time, or the charge's source key to read them from.
   */
  givesBack?: { memberId: string | null; spentAt: Date } | { chargeKey: string };
};

/** `buyer`: for a purchase (`order_charge`), the member it was charged for (decision 327). */
export type PostEntryResult = { applied: boolean; balanceCents: number | null; buyer?: Buyer };

/**
 * Posts one ledger entry and moves the cached balance in the caller's transaction. Returns
 * `applied: false` when an entry with the same source key exists; throws INSUFFICIENT_BALANCE when a
 * charge would take the balance below zero (the caller's transaction then rolls back).
 */
export async function postLedgerEntry(tx: Tx, input: PostEntryInput): Promise<PostEntryResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) {
    throw new Error(`invalid ledger amount ${input.amountCents}`);
  }
  const { mayGoNegative, givesBack, ...entry } = input;
  // Every purchase is held to its member's daily limit here, the one place all of them are charged.
  const buyer =
    input.kind === 'order_charge' && input.amountCents < 0
      ? await holdSpend(tx, input.userId, -input.amountCents)
      : undefined;
  const spent = input.kind === 'refund' && givesBack ? await spendOf(tx, givesBack) : null;
  const entryId = await insertEntryOnce(tx, {
    ...entry,
    memberId: buyer?.memberId ?? spent?.memberId ?? null,
    spentAt: spent?.memberId ? spent.spentAt : null,
  });
  if (!entryId) return { applied: false, balanceCents: null, buyer };
  const balanceCents = await addToBalance(tx, input.userId, input.amountCents, mayGoNegative);
  if (balanceCents === null)
    throw new AppError('INSUFFICIENT_BALANCE', 'Insufficient balance, please add funds');
  await setBalanceAfter(tx, entryId, balanceCents);
  return { applied: true, balanceCents, buyer };
}

async function spendOf(tx: Tx, givesBack: NonNullable<PostEntryInput['givesBack']>) {
  if (!('chargeKey' in givesBack)) return givesBack;
  const charge = await findCharge(tx, givesBack.chargeKey);
  return charge && { memberId: charge.memberId, spentAt: charge.createdAt };
}

/** The refusal a buyer reads when a charge does not fit: what it costs and what they have. */
export async function insufficientBalanceError(
  db: DbOrTx,
  { userId, amountCents, what }: { userId: string; amountCents: number; what: string },
): Promise<AppError> {
  const user = await findUserById(db, userId);
  const cost = formatCents(amountCents);
  const balance = formatCents(user?.balanceCents ?? 0);
  if ((user?.balanceCents ?? 0) < 0)
    return new AppError(
      'INSUFFICIENT_BALANCE',
      `Your balance is ${balance} after a payment was taken back: add funds to bring it above zero before buying.`,
    );
  return new AppError(
    'INSUFFICIENT_BALANCE',
    `Insufficient balance: this ${what} costs ${cost} and your balance is ${balance}. Please add funds.`,
  );
}
