import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(tx: DbOrTx, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}
