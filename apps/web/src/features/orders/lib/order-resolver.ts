import { zodResolver } from '@hookform/resolvers/zod';
import {
  parseFreeTextAddress,
  type ParsedAddress,
  checkShipmentForLabelType,
  createOrderBody,
  orderFormSchema,
  type CreateOrderInput,
  type LabelTypeView,
  type PlaceOfZip,
} from '@portal/shared';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { ADDRESS_PARTS, ruleInfoOf, type AddressSide, type OrderFormValues } from './order-form-values';

/** The resolver reads the label types from the form context, so the rules follow the chosen type. */
export type OrderFormContext = {
  labelTypes: LabelTypeView[];
  /** ZIPs already looked up (GET /address/zip): the Fast Order parser reads "City ZIP" lines with them. */
  placeOfZip?: PlaceOfZip | undefined;
};
type OrderResolver = Resolver<OrderFormValues, OrderFormContext, CreateOrderInput>;

const typeOf = (values: OrderFormValues, context: OrderFormContext | undefined) =>
  context?.labelTypes.find((t) => t._id === values.labelType);

const orUndefined = (value: number | '') => (value === '' ? undefined : value);

/**
 * The shared schema of the server plus the rules of the chosen type (spec section 5). The type's rules only
 * run once the fields parse, so while other fields are wrong they are also checked on the raw values: the
 * form shows every problem at once (a missing Template next to a missing Name).
 */
const validate: OrderResolver = async (values, context, options) => {
  const type = typeOf(values, context);
  const schema = type ? orderFormSchema(ruleInfoOf(type)) : createOrderBody;
  const result = await (zodResolver(schema) as unknown as OrderResolver)(values, context, options);
  if (!type || Object.keys(result.errors).length === 0) return result;
  const raw = {
    ...values,
    Weight: values.Weight === '' ? 0 : values.Weight,
    Height: orUndefined(values.Height),
    Width: orUndefined(values.Width),
    Length: orUndefined(values.Length),
  } as unknown as CreateOrderInput;
  const checked = checkShipmentForLabelType(raw, ruleInfoOf(type));
  const errors: FieldErrors<OrderFormValues> = { ...result.errors };
  if (!checked.ok)
    for (const issue of checked.errors) {
      const field = issue.field as keyof OrderFormValues;
      if (!errors[field]) errors[field] = { type: 'validate', message: issue.message };
    }
  return { values: {}, errors };
};

/** Simple Order: every address field is its own input. */
export const simpleOrderResolver: OrderResolver = validate;

const TEXT_FIELD = { From: 'fromText', To: 'toText' } as const;
const SIDE_LABEL = { From: 'From', To: 'To' } as const;

const fieldsOf = (side: AddressSide, address: ParsedAddress) => ({
  [`${side}Name`]: address.name,
  [`${side}Street`]: address.street,
  [`${side}Street2`]: address.street2,
  [`${side}City`]: address.city,
  [`${side}State`]: address.state,
  [`${side}Zip`]: address.zip,
  [`${side}Country`]: address.country,
});

/**
 * Fast Order: each text block is read by the shared parser, then the same rules as Simple Order apply.
 * A block that cannot be read says which line; a rule broken by a block is shown under that block.
 */
export const quickOrderResolver: OrderResolver = async (values, context, options) => {
  const placeOfZip = context?.placeOfZip;
  const parsed = {
    From: parseFreeTextAddress(values.fromText, { placeOfZip }),
    To: parseFreeTextAddress(values.toText, { placeOfZip }),
  };
  const merged = { ...values };
  for (const side of ['From', 'To'] as const) {
    const result = parsed[side];
    if (result.ok) Object.assign(merged, fieldsOf(side, result.address));
  }
  const result = await validate(merged, context, options);
  const errors: FieldErrors<OrderFormValues> = { ...result.errors };
  for (const side of ['From', 'To'] as const) {
    const textField = TEXT_FIELD[side];
    const parse = parsed[side];
    let message: string | undefined;
    if (!values[textField].trim()) message = `${SIDE_LABEL[side]} address is required`;
    else if (!parse.ok) message = parse.message;
    else if (side === 'From' && parse.address.country !== 'US')
      message = 'The From address must be in the United States';
    for (const part of ADDRESS_PARTS) {
      if (part === 'Phone') continue;
      const error = errors[`${side}${part}`] as FieldError | undefined;
      if (error && !message) message = error.message;
      delete errors[`${side}${part}`];
    }
    if (message) errors[textField] = { type: 'validate', message };
  }
  if (Object.keys(errors).length === 0) return result;
  return { values: {}, errors };
};
