import {
  DEFAULT_VOID_WINDOW_DAYS,
  dollarsToCents,
  isBuiltInLabelType,
  staffLabelTypeUid,
  type AdminLabelTypeBody,
  type Carrier,
  type WeightUnit,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { renderableServices } from '../../labels/index.ts';
import { findLabelTypeByName, findLabelTypeByUid } from './label-types.repository.ts';

const nameTaken = (name: string) =>
  AppError.fieldError('name', `A label type named ${name} already exists`, {
    code: 'CONFLICT',
    summary: `A label type named ${name} already exists; choose another name`,
  });

type CurrentType = {
  id: string;
  uid: string;
  carrier: string;
  service: string;
  weightUnit: string;
  voidWindowDays: number;
};

/**
 * The label type's fields from the body: a built-in service by its uid, or a staff-made type's carrier,
 * service and weight unit under a uid of its own (decision 334). A void window not given keeps `current`'s
 * or the carrier's default; the insurance rule and the return type are set only when given (decision 330).
 */
export async function fieldsOf(tx: DbOrTx, body: AdminLabelTypeBody, current?: CurrentType) {
  const service = body.uid
    ? renderableServices().find((s) => s.uid === body.uid)
    : { uid: null, carrier: body.carrier!, service: body.service!, weightUnit: body.weightUnit! };
  if (!service) throw AppError.fieldError('uid', 'Choose a carrier service the label engine renders');
  const uid = service.uid ?? (await staffUid(tx, service, current));
  return {
    name: body.name,
    uid,
    carrier: service.carrier,
    service: service.service,
    weightUnit: service.weightUnit,
    maxWeight: body.maxWeight,
    isEnabled: body.status,
    voidWindowDays:
      body.voidWindowDays ??
      (current?.carrier === service.carrier
        ? current.voidWindowDays
        : DEFAULT_VOID_WINDOW_DAYS[service.carrier]),
    ...(body.insurance === undefined
      ? {}
      : body.insurance === null
        ? { insurancePer100Cents: null }
        : {
            insurancePer100Cents: dollarsToCents(body.insurance.per100),
            insuranceMinCents: dollarsToCents(body.insurance.min),
          }),
    ...(body.returnLabelTypeId === undefined ? {} : { returnLabelTypeId: body.returnLabelTypeId }),
  };
}

/**
 * A staff-made type keeps its uid while its carrier, service and unit stay; otherwise it gets the uid of
 * its service, numbered when a built-in or another type has that one already.
 */
async function staffUid(
  tx: DbOrTx,
  { carrier, service, weightUnit }: { carrier: Carrier; service: string; weightUnit: WeightUnit },
  current?: CurrentType,
): Promise<string> {
  if (
    current &&
    !isBuiltInLabelType(current.uid) &&
    current.carrier === carrier &&
    current.service === service &&
    current.weightUnit === weightUnit
  )
    return current.uid;
  const base = staffLabelTypeUid(carrier, service, weightUnit);
  const [stem, unit] = base.endsWith('_oz') ? [base.slice(0, -3), '_oz'] : [base, ''];
  for (let n = 1; ; n++) {
    const uid = n === 1 ? base : `${stem}_${n}${unit}`;
    const holder = isBuiltInLabelType(uid) ? { id: null } : await findLabelTypeByUid(tx, uid);
    if (!holder || holder.id === current?.id) return uid;
  }
}

/** Two types never share a name: resellers and CSV files tell them apart by it. */
export async function checkNameFree(tx: DbOrTx, name: string, id?: string): Promise<void> {
  const holder = await findLabelTypeByName(tx, name);
  if (holder && holder.id !== id) throw nameTaken(holder.name);
}
