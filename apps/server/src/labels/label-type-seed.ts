import { LABEL_TYPE_SEED, weightUnitOf, type LabelTypeDefinition, type WeightUnit } from '@portal/shared';
import { LABEL_SERVICES } from './label-services.ts';

/**
 * Label type rows as the engine and the admin screens see them: the shared seed (name, uid, carrier,
 * service, max weight, price tiers) plus the weight unit the uid implies and the enabled flag.
 */
export type LabelTypeData = LabelTypeDefinition & { weightUnit: WeightUnit; isEnabled: boolean };

export const labelTypeSeedData = (): LabelTypeData[] =>
  LABEL_TYPE_SEED.map((t) => ({
    ...t,
    prices: t.prices.map((p) => ({ ...p })),
    weightUnit: weightUnitOf(t.uid),
    isEnabled: true,
  }));

/** True when the engine can render labels for the uid (every seeded uid can). */
export const isRenderableLabelType = (uid: string): boolean => uid in LABEL_SERVICES;

/** The carrier services the engine renders, as the staff's label type form offers them. */
export const renderableServices = (): Array<{
  uid: string;
  carrier: LabelTypeDefinition['carrier'];
  service: string;
  name: string;
  weightUnit: WeightUnit;
}> =>
  LABEL_TYPE_SEED.filter((t) => isRenderableLabelType(t.uid)).map((t) => ({
    uid: t.uid,
    carrier: t.carrier,
    service: t.service,
    name: t.name,
    weightUnit: weightUnitOf(t.uid),
  }));
