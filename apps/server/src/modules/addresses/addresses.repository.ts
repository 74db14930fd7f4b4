import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Pick<
  AddressRow,
  'name' | 'company' | 'street' | 'street2' | 'city' | 'state' | 'zip' | 'country'
>;

export async function listAddresses(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/** Serialises one reseller's new addresses until the transaction ends, so the cap counts the others. */
export async function lockAddressBook(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`);
}

export async function countAddresses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: DbOrTx, userId: string, fields: AddressFields): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ ...fields, userId })
    .returning();
  return row!;
}

/** Updates only the owner's address; null when it does not exist or belongs to someone else. */
export async function updateAddress(
  db: DbOrTx,
  userId: string,
  id: string,
  fields: AddressFields,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes the reseller's address; what it was, or undefined when there was none. */
export async function deleteAddress(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ name: addresses.name, city: addresses.city, state: addresses.state });
  return row;
}
