import { isUuid } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { withResellerPrices } from './label-type-prices.ts';
import { findLabelType, listResellerPrices, type LabelTypeWithPrices } from './label-types.repository.ts';

/**
 * The label type an order names, with the prices this reseller pays; a 400 (not 404) because it is a form
 * field, not a path id.
 */
export async function requireLabelType(db: DbOrTx, id: string, userId: string): Promise<LabelTypeWithPrices> {
  const type = isUuid(id) ? await findLabelType(db, id) : null;
  if (!type) throw AppError.fieldError('labelType', 'Please select a valid label type');
  const [own] = await listResellerPrices(db, userId, type.id);
  return withResellerPrices(type, own);
}
