/**
 * The label-types module's face for other modules (decision 299): each use case lives in its own file, named
 * for what it does; this file hands on what orders, bulk orders and the reseller API call.
 */
export { labelTypeIdByUid } from './find-label-type.ts';
export { insuranceRuleOf, ruleInfoOf, toLabelTypeView } from './label-type-view.ts';
export { insurancePriceCents, quotePrice, unitPriceCents } from './quote-price.ts';
export { readLabelTypes } from './read-label-types.ts';
export { requireLabelType } from './require-label-type.ts';
