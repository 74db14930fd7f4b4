import { centsToDollars, type AdminUserSummary, type LedgerEntryView } from '@portal/shared';
import type { LedgerRow, UserSummaryRow } from './admin-users.repository.ts';

/** A reseller as the staff list and detail show them. */
export const toSummary = (row: UserSummaryRow): AdminUserSummary => ({
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

/** A ledger entry as the staff detail and ledger pages show it. */
export const toLedgerView = (row: LedgerRow): LedgerEntryView => ({
  _id: row.id,
  kind: row.kind,
  amount: centsToDollars(row.amountCents),
  balanceAfter: centsToDollars(row.balanceAfterCents),
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  by: row.byId && row.byDiscordId ? { _id: row.byId, discordId: row.byDiscordId } : null,
});
