import { z } from 'zod';

/** `page` and `limit` of every paged staff and reseller list. */
export const pageField = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(100_000)
  .default(1);
export const limitField = (fallback: number) =>
  z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(fallback);
const page = pageField;
const limit = limitField;
const search = z.string().trim().max(100, 'Search must be at most 100 characters').optional().default('');

export const adminPageQuery = z.object({ page, limit: limit(20) });
export type AdminPageQuery = z.output<typeof adminPageQuery>;

/** GET /admin/users: search by Discord name, name or e-mail. */
export const adminUsersQuery = z.object({ search, page, limit: limit(20) });
export type AdminUsersQuery = z.output<typeof adminUsersQuery>;

export const adminUserSummary = z.object({
  _id: z.string(),
  username: z.string(),
  discordId: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  balance: z.number(),
  orderCount: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;
export const adminUsersResponse = z.object({
  users: z.array(adminUserSummary),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const LEDGER_KINDS = ['deposit', 'order_charge', 'refund', 'adjustment'] as const;
/** One balance change as staff read it: dollars, the balance it left, and who made it (staff only). */
export const ledgerEntryView = z.object({
  _id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  balanceAfter: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
  by: z.object({ _id: z.string(), discordId: z.string() }).nullable(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;
export const ledgerPageResponse = z.object({
  entries: z.array(ledgerEntryView),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const adminUserDetailResponse = z.object({
  user: adminUserSummary.extend({ activeSessions: z.number().int() }),
  recentLedger: z.array(ledgerEntryView),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailResponse>;

const MAX_ADJUSTMENT = 1_000_000;
/** POST /admin/users/{id}/adjust-balance: dollars, 2 decimals at most; negative debits. */
export const adjustBalanceBody = z.object({
  amount: z.coerce
    .number({ error: 'Amount must be a number' })
    .refine((v) => Number.isFinite(v), 'Amount must be a number')
    .refine((v) => v !== 0, 'Amount must not be 0')
    .refine(
      (v) => Math.abs(v) <= MAX_ADJUSTMENT,
      `Amount must be at most $${MAX_ADJUSTMENT.toLocaleString('en-US')}`,
    )
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Amount must have at most 2 decimals'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
export type AdjustBalanceBody = z.output<typeof adjustBalanceBody>;
export const adjustBalanceResponse = z.object({ message: z.string(), balance: z.number() });

/** GET /admin/audit: filters by actor (Discord name), action, target id and date range. */
export const auditQuery = z.object({
  actor: search,
  action: search,
  targetId: search,
  from: z.iso.date({ error: 'From must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'To must be a date (YYYY-MM-DD)' }).optional(),
  page,
  limit: limit(25),
});
export type AuditQuery = z.output<typeof auditQuery>;
export const auditEntryView = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), discordId: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;
export const auditResponse = z.object({
  entries: z.array(auditEntryView),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** GET /admin/mail: the outbox with one-time codes masked. */
export const mailEntryView = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  createdAt: z.string(),
});
export const mailResponse = z.object({
  mails: z.array(mailEntryView),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const overviewDay = z.object({ date: z.string(), labels: z.number().int(), revenue: z.number() });
export const overviewResponse = z.object({
  today: z.object({ labels: z.number().int(), revenue: z.number() }),
  days: z.array(overviewDay),
  resellers: z.number().int(),
  /** Dollars deposits added to balances today (UTC), manual and automatic, net of refunds and disputes. */
  depositsToday: z.number(),
  /** Null until deposits exist. */
  depositsPending: z.number().int().nullable(),
  /** Null until courier orders exist. */
  courierAwaitingStaff: z.number().int().nullable(),
});
export type Overview = z.infer<typeof overviewResponse>;
