import type { LabelTypeRuleInfo, LabelTypeView } from '@portal/shared';
import { tiersInDollars } from './label-type-prices.ts';
import type { LabelTypeWithPrices } from './label-types.repository.ts';

export const toLabelTypeView = (labelType: LabelTypeWithPrices): LabelTypeView => ({
  _id: labelType.id,
  name: labelType.name,
  uid: labelType.uid,
  carrier: labelType.carrier,
  weightUnit: labelType.weightUnit,
  maxWeight: labelType.maxWeight,
  status: labelType.isEnabled,
  prices: tiersInDollars(labelType.prices),
  voidWindowDays: labelType.voidWindowDays,
});

export const ruleInfoOf = (labelType: LabelTypeWithPrices): LabelTypeRuleInfo => ({
  uid: labelType.uid,
  name: labelType.name,
  maxWeight: labelType.maxWeight,
  status: labelType.isEnabled,
  weightUnit: labelType.weightUnit,
});
