import crypto from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatUsd,
  type AdjustBalanceBody,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { findUserById, notFound } from './admin-user-guards.ts';

/**
 * Credits (positive) or debits (negative) a reseller's balance with one `adjustment` ledger entry and
 * its audit row in one transaction. A debit never takes the balance below zero; staff cannot adjust
 * their own balance.
 */
export async function adjustBalance(
  ctx: AppContext,
  options: { actor: StaffActor; userId: string; input: AdjustBalanceBody },
): Promise<{ balance: number; message: string }> {
  if (options.actor.userId === options.userId)
    throw new AppError('FORBIDDEN', 'You cannot adjust your own balance');
  const amountCents = dollarsToCents(options.input.amount);
  const balanceCents = await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    let posted;
    try {
      posted = await postLedgerEntry(tx, {
        userId: options.userId,
        kind: 'adjustment',
        amountCents,
        sourceKey: `adjustment:${crypto.randomUUID()}`,
        note: options.input.reason,
        createdBy: options.actor.userId,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
        throw new AppError(
          'UNPROCESSABLE',
          `This debit would take the balance below zero: the balance is ${formatCents(user.balanceCents)}`,
        );
      }
      throw error;
    }
    const after = posted.balanceCents ?? user.balanceCents;
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.adjust_balance',
      targetType: 'user',
      targetId: options.userId,
      before: { balance: centsToDollars(user.balanceCents) },
      after: { balance: centsToDollars(after), amount: options.input.amount, reason: options.input.reason },
    });
    return after;
  });
  const verb = amountCents > 0 ? 'credited' : 'debited';
  return {
    balance: centsToDollars(balanceCents),
    message: `${formatUsd(Math.abs(options.input.amount))} ${verb}; the balance is now ${formatCents(balanceCents)}`,
  };
}
