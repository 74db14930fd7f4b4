import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMail(db: DbOrTx, mail: typeof mailOutbox.$inferInsert): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

export async function listOutboxMail(db: DbOrTx, to: string, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
