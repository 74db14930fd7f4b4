import { recordActivity } from '../teams/teams.service.ts';
import {
  ADDRESS_BOOK_FIELDS,
  checkAddress,
  correctAddresses,
  type AddressInput,
  type AddressView,
  type AddressWarning,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readAddressCheckMode } from '../address-check/address-check.service.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';
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
const notFound = () => AppError.notFound('Address not found');

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

export type SavedAddress = { address: AddressView; warnings?: AddressWarning[] };

/** The address book's check: saved either way; corrected in mode `correct`, warned about in `confirm`. */
async function checkedAddress(ctx: AppContext, userId: string, address: AddressInput) {
  const mode = await readAddressCheckMode(ctx, userId);
  if (mode === 'off') return { address, warnings: [] };
  const found = checkAddress(address, usZipDirectory(), ADDRESS_BOOK_FIELDS);
  if (mode === 'confirm') return { address, warnings: found };
  const { corrected, warnings } = correctAddresses(address, found);
  return { address: corrected, warnings };
}

const saved = (address: AddressView, warnings: AddressWarning[]): SavedAddress =>
  warnings.length > 0 ? { address, warnings } : { address };

export async function readAddresses(ctx: AppContext, { userId }: { userId: string }): Promise<AddressView[]> {
  return (await listAddresses(ctx.db, userId)).map(toAddressView);
}

export async function createAddress(
  ctx: AppContext,
  { userId, address }: { userId: string; address: AddressInput },
): Promise<SavedAddress> {
  // Checked before the lock: the check reads the reseller's setting outside the transaction.
  const checked = await checkedAddress(ctx, userId, address);
  return ctx.db.transaction(async (tx) => {
    // Count and insert under one lock: saves sent at once cannot all see room for one more.
    await lockAddressBook(tx, userId);
    if ((await countAddresses(tx, userId)) >= MAX_ADDRESSES)
      throw new AppError('CONFLICT', `You can save at most ${MAX_ADDRESSES} addresses`);
    const row = await insertAddress(tx, userId, checked.address);
    await recordActivity(tx, userId, 'address.created', addressLine(row));
    return saved(toAddressView(row), checked.warnings);
  });
}

const addressLine = (row: { name: string; city: string; state: string }) =>
  `${row.name}, ${row.city} ${row.state}`;

export async function updateAddress(
  ctx: AppContext,
  { userId, id, address }: { userId: string; id: string; address: AddressInput },
): Promise<SavedAddress> {
  const checked = await checkedAddress(ctx, userId, address);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateRow(tx, userId, id, checked.address);
    if (!updated) throw notFound();
    await recordActivity(tx, userId, 'address.updated', addressLine(updated));
    return updated;
  });
  return saved(toAddressView(row), checked.warnings);
}

export async function deleteAddress(
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const deleted = await deleteRow(tx, userId, id);
    if (!deleted) throw notFound();
    await recordActivity(tx, userId, 'address.deleted', addressLine(deleted));
  });
}
