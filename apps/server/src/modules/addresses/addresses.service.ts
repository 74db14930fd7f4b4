import type { AddressInput, AddressView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../orders/ids.ts';
import {
  countAddresses,
  deleteAddress as deleteRow,
  insertAddress,
  listAddresses,
  lockAddressBook,
  updateAddress as updateRow,
  type AddressRow,
} from './addresses.repository.ts';

/** Reseller accounts keep a bounded address book. */
export const MAX_ADDRESSES = 500;
const notFound = () => new AppError('NOT_FOUND', 'Address not found');

export const toAddressView = (row: AddressRow): AddressView => ({
  _id: row.id,
  name: row.name,
  street: row.street,
  street2: row.street2,
  city: row.city,
  state: row.state,
  zip: row.zip,
  country: 'US',
  company: row.company,
  createdAt: row.createdAt.toISOString(),
});

export async function readAddresses(ctx: AppContext, { userId }: { userId: string }): Promise<AddressView[]> {
  return (await listAddresses(ctx.db, userId)).map(toAddressView);
}

export async function createAddress(
  ctx: AppContext,
  { userId, address }: { userId: string; address: AddressInput },
): Promise<AddressView> {
  return ctx.db.transaction(async (tx) => {
    // Count and insert under one lock: saves sent at once cannot all see room for one more.
    await lockAddressBook(tx, userId);
    if ((await countAddresses(tx, userId)) >= MAX_ADDRESSES)
      throw new AppError('CONFLICT', `You can save at most ${MAX_ADDRESSES} addresses`);
    return toAddressView(await insertAddress(tx, userId, address));
  });
}

export async function updateAddress(
  ctx: AppContext,
  { userId, id, address }: { userId: string; id: string; address: AddressInput },
): Promise<AddressView> {
  if (!isUuid(id)) throw notFound();
  const row = await updateRow(ctx.db, userId, id, address);
  if (!row) throw notFound();
  return toAddressView(row);
}

export async function deleteAddress(
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<void> {
  if (!isUuid(id) || !(await deleteRow(ctx.db, userId, id))) throw notFound();
}
