import { centsToDollars, pageCount, pageOffset, type AuditQuery, type Overview } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { maskCodes } from '../../mail/mail-types.ts';
import { countAwaitingStaff } from '../courier/courier-staff.service.ts';
import { countPendingInvoices } from '../invoices/admin-invoices.service.ts';
import {
  countResellers,
  depositCentsSince,
  labelsPerDay,
  listAuditRows,
  listMailRows,
} from './admin-reads.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const OVERVIEW_DAYS = 30;

export async function readAudit(ctx: AppContext, query: AuditQuery) {
  const { rows, total } = await listAuditRows(ctx.db, {
    actor: query.actor,
    action: query.action,
    targetId: query.targetId,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    // The whole `to` day is included.
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  return {
    entries: rows.map(({ entry, actorDiscordId }) => ({
      _id: entry.id,
      actor: { _id: entry.actorId ?? '', discordId: actorDiscordId ?? 'command line' },
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      userAgent: entry.userAgent,
      createdAt: entry.createdAt.toISOString(),
    })),
    totalPages: pageCount(total, query.limit),
    total,
  };
}

export async function readMail(ctx: AppContext, query: { page: number; limit: number }) {
  const { rows, total } = await listMailRows(ctx.db, {
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  return {
    mails: rows.map((row) => ({
      _id: row.id,
      to: row.to,
      subject: maskCodes(row.subject),
      text: maskCodes(row.text),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    totalPages: pageCount(total, query.limit),
    total,
  };
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Labels and revenue today and per UTC day for the last 30 days, and the queues waiting for staff. */
export async function readOverview(ctx: AppContext, now = new Date()): Promise<Overview> {
  const todayStart = new Date(`${utcDay(now)}T00:00:00Z`);
  const since = new Date(todayStart.getTime() - (OVERVIEW_DAYS - 1) * DAY_MS);
  const byDay = new Map((await labelsPerDay(ctx.db, since)).map((row) => [row.day, row]));
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
    const date = utcDay(new Date(since.getTime() + i * DAY_MS));
    const row = byDay.get(date);
    return { date, labels: row?.labels ?? 0, revenue: centsToDollars(Number(row?.revenueCents ?? 0)) };
  });
  const today = days.at(-1)!;
  return {
    today: { labels: today.labels, revenue: today.revenue },
    days,
    resellers: await countResellers(ctx.db),
    depositsToday: centsToDollars(await depositCentsSince(ctx.db, todayStart)),
    depositsPending: await countPendingInvoices(ctx.db),
    courierAwaitingStaff: await countAwaitingStaff(ctx.db),
  };
}
