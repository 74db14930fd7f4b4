import {
  type LabelTypeView,
  checkShipmentForLabelType,
  type CreateOrderBody,
  type CreateOrderInput,
  type LabelTypeRuleInfo,
} from '@portal/shared';

export type OrderMode = 'simple' | 'quick';
export type AddressSide = 'From' | 'To';
export const ADDRESS_PARTS = [
  'Name',
  'Company',
  'Street',
  'Street2',
  'City',
  'State',
  'Zip',
  'Country',
  'Phone',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressFieldName = `${AddressSide}${AddressPart}`;

type NumberField = number | '';

/** Everything the Simple and Fast Order forms hold; Fast Order types each address as one text block. */
export type OrderFormValues = {
  labelType: string;
  design: string;
  Weight: NumberField;
  quantity: NumberField;
  Height: NumberField;
  Width: NumberField;
  Length: NumberField;
  /** The declared value in dollars to insure each label for (decision 330); '' for none. */
  insuredValue: NumberField;
  fromText: string;
  toText: string;
} & Record<AddressFieldName, string>;

const emptySide = (side: AddressSide) =>
  Object.fromEntries(
    ADDRESS_PARTS.map((part) => [`${side}${part}`, part === 'Country' ? 'US' : '']),
  ) as Record<`${AddressSide}${AddressPart}`, string>;

export const DEFAULT_ORDER_VALUES: OrderFormValues = {
  labelType: '',
  design: '',
  Weight: '',
  quantity: 1,
  Height: '',
  Width: '',
  Length: '',
  insuredValue: '',
  fromText: '',
  toText: '',
  ...emptySide('From'),
  ...emptySide('To'),
};

/** What the shared order rules need to know about a label type. */
export const ruleInfoOf = (type: LabelTypeView): LabelTypeRuleInfo => ({
  uid: type.uid,
  name: type.name,
  maxWeight: type.maxWeight,
  status: type.status,
  weightUnit: type.weightUnit,
});

/**
 * POST /order/create from the checked form values: signature false, the template only for priority,
 * dimensions and phones only for FedEx, the destination country from its state (spec section 7).
 */
export function toCreateOrderBody(values: CreateOrderInput, type: LabelTypeView): CreateOrderBody {
  const checked = checkShipmentForLabelType(values, ruleInfoOf(type));
  if (!checked.ok) throw new Error(checked.errors[0]?.message ?? 'Please check the order');
  const { design, ...order } = checked.order;
  return {
    ...order,
    labelType: type._id,
    quantity: values.quantity,
    signature: false,
    FromCountry: 'US',
    ...(design ? { design } : {}),
  };
}
