import {
  centsToDollars,
  type InsuranceRuleView,
  type LabelTypeRuleInfo,
  type LabelTypeView,
} from '@portal/shared';
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
  insurance: insuranceRuleOf(labelType),
  returnLabelTypeId: labelType.returnLabelTypeId,
});

/** The type's insurance rule in dollars (null: its labels are not insured; decision 330). */
export const insuranceRuleOf = (labelType: LabelTypeWithPrices): InsuranceRuleView =>
  labelType.insurancePer100Cents === null
    ? null
    : {
        per100: centsToDollars(labelType.insurancePer100Cents),
        min: centsToDollars(labelType.insuranceMinCents),
      };

export const ruleInfoOf = (labelType: LabelTypeWithPrices): LabelTypeRuleInfo => ({
  uid: labelType.uid,
  name: labelType.name,
  maxWeight: labelType.maxWeight,
  status: labelType.isEnabled,
  weightUnit: labelType.weightUnit,
});
