import crypto from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatUsd,
  pageCount,
  pageOffset,
  type AdjustBalanceBody,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersQuery,
  type LedgerEntryView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { recordAudit, type CLI_ACTOR, type StaffActor } from '../audit/audit.service.ts';
import { API_KEY_PREFIX, endAccountSessions } from '../auth/auth.service.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { findUserById as findUserRow, updateUser } from '../users/users.service.ts';
import {
  countLiveSessions,
  findUserSummary,
  listLedgerEntries,
  listUserSummaries,
  lockActiveAdmins,
  setDisabledAt,
  setRole,
  type LedgerRow,
  type UserSummaryRow,
} from './admin-users.repository.ts';

const toSummary = (row: UserSummaryRow): AdminUserSummary => ({
  _id: row.id,
  username: row.username,
  discordId: row.discordId,
  email: row.email,
  emailVerified: row.emailVerified,
  role: row.role,
  balance: centsToDollars(row.balanceCents),
  orderCount: Number(row.orderCount),
  enabled: row.disabledAt === null,
  createdAt: row.createdAt.toISOString(),
});

const toLedgerView = (row: LedgerRow): LedgerEntryView => ({
  _id: row.id,
  kind: row.kind,
  amount: centsToDollars(row.amountCents),
  balanceAfter: centsToDollars(row.balanceAfterCents),
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  by: row.byId && row.byDiscordId ? { _id: row.byId, discordId: row.byDiscordId } : null,
});

const findUserById = (db: Parameters<typeof findUserRow>[0], id: string) => findUserRow(db, id);

const notFound = () => AppError.notFound('Reseller not found');

export async function listUsers(ctx: AppContext, query: AdminUsersQuery) {
  const { rows, total } = await listUserSummaries(ctx.db, {
    search: query.search,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  return { users: rows.map(toSummary), totalPages: pageCount(total, query.limit), total };
}

export async function getUserDetail(ctx: AppContext, userId: string): Promise<AdminUserDetail> {
  const row = await findUserSummary(ctx.db, userId);
  if (!row) throw notFound();
  const ledger = await listLedgerEntries(ctx.db, { userId, offset: 0, limit: 10 });
  return {
    user: { ...toSummary(row), activeSessions: await countLiveSessions(ctx.db, userId) },
    recentLedger: ledger.rows.map(toLedgerView),
  };
}

export async function getUserLedger(
  ctx: AppContext,
  options: { userId: string; page: number; limit: number },
) {
  if (!(await findUserById(ctx.db, options.userId))) throw notFound();
  const { rows, total } = await listLedgerEntries(ctx.db, {
    userId: options.userId,
    offset: pageOffset(options.page, options.limit),
    limit: options.limit,
  });
  return { entries: rows.map(toLedgerView), totalPages: pageCount(total, options.limit), total };
}

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

/** Refuses when `userId` is the only enabled admin (the console would have nobody left to run it). */
async function assertNotLastAdmin(tx: Tx, userId: string, what: string): Promise<void> {
  const admins = await lockActiveAdmins(tx);
  if (admins.length === 1 && admins[0] === userId) {
    throw new AppError('CONFLICT', `The last admin cannot be ${what}`);
  }
}

type Actor = StaffActor | typeof CLI_ACTOR;

/**
 * Disables an account: sign-in refused, every session, pending code and remembered device ended at once,
 * the API key refused.
 */
export async function disableUser(ctx: AppContext, options: { actor: Actor; userId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    if (user.role === 'admin') await assertNotLastAdmin(tx, user.id, 'disabled');
    if (user.disabledAt) return;
    await setDisabledAt(tx, user.id, new Date());
    await endAccountSessions(tx, user.id);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.disable',
      targetType: 'user',
      targetId: user.id,
      before: { enabled: true },
      after: { enabled: false },
    });
  });
}

export async function enableUser(ctx: AppContext, options: { actor: Actor; userId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    if (!user.disabledAt) return;
    await setDisabledAt(tx, user.id, null);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.enable',
      targetType: 'user',
      targetId: user.id,
      before: { enabled: false },
      after: { enabled: true },
    });
  });
}

export async function revokeSessions(
  ctx: AppContext,
  options: { actor: Actor; userId: string },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findUserById(tx, options.userId))) throw notFound();
    const live = await countLiveSessions(tx, options.userId);
    await endAccountSessions(tx, options.userId);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.revoke_sessions',
      targetType: 'user',
      targetId: options.userId,
      before: { activeSessions: live },
      after: { activeSessions: 0 },
    });
    return live;
  });
}

/** A new API key for the reseller; the old one stops working at once. The key is never audited. */
export async function resetApiKey(ctx: AppContext, options: { actor: Actor; userId: string }): Promise<void> {
  const apiKey = randomToken(API_KEY_PREFIX);
  await ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, options.userId, {
      apiKeyHash: hashToken(apiKey),
      apiKeyCipher: ctx.sealer.seal(apiKey),
    });
    if (!updated) throw notFound();
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.reset_api_key',
      targetType: 'user',
      targetId: options.userId,
      after: { apiKey: 'regenerated' },
    });
  });
}

/** Makes an account staff or reseller; the last admin cannot be demoted. */
export async function setUserRole(
  ctx: Pick<AppContext, 'db'>,
  options: { actor: Actor; userId: string; role: 'user' | 'admin' },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    if (user.role === options.role) return;
    if (options.role === 'user') await assertNotLastAdmin(tx, user.id, 'demoted');
    await setRole(tx, user.id, options.role);
    await recordAudit(tx, {
      actor: options.actor,
      action: options.role === 'admin' ? 'user.promote' : 'user.demote',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role: options.role },
    });
  });
}
