import type { DbOrTx, Tx } from '../../db/client.ts';
import { findLabelType, listLabelTypes, type LabelTypeWithPrices } from './label-types.repository.ts';

/** A label type's id from its uid (`ground_oz`), matched case-insensitively; null when no type has it. */
export async function labelTypeIdByUid(db: DbOrTx, uid: string): Promise<string | null> {
  const wanted = uid.toLowerCase();
  return (await listLabelTypes(db)).find((t) => t.uid.toLowerCase() === wanted)?.id ?? null;
}

/** The label type locked until the transaction ends (its route is being changed), or null. */
export const lockLabelType = (tx: Tx, id: string): Promise<LabelTypeWithPrices | null> =>
  findLabelType(tx, id, true);
