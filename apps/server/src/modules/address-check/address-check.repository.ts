import type { AddressCheckMode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function findAddressCheckMode(db: DbOrTx, userId: string): Promise<AddressCheckMode> {
  const [row] = await db.select({ mode: users.addressCheck }).from(users).where(eq(users.id, userId));
  return row?.mode ?? 'confirm';
}

export async function setAddressCheckMode(db: DbOrTx, userId: string, mode: AddressCheckMode) {
  await db.update(users).set({ addressCheck: mode, updatedAt: new Date() }).where(eq(users.id, userId));
}
