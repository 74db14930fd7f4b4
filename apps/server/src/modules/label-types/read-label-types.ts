import type { LabelTypeView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { withResellerPrices } from './label-type-prices.ts';
import { toLabelTypeView } from './label-type-view.ts';
import { listLabelTypes, listResellerPrices } from './label-types.repository.ts';

/**
 * Every label type with the reseller's prices, disabled ones included (status false) so the form can say
 * why one is missing.
 */
export async function readLabelTypes(ctx: AppContext, userId: string): Promise<LabelTypeView[]> {
  const own = new Map((await listResellerPrices(ctx.db, userId)).map((r) => [r.labelTypeId, r]));
  return (await listLabelTypes(ctx.db)).map((t) => toLabelTypeView(withResellerPrices(t, own.get(t.id))));
}
