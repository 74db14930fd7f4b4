import type { CreateCourierOrderBody } from '@portal/shared';

export type CourierAddressValues = {
  name: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
};

export type CourierFormValues = {
  from: CourierAddressValues;
  to: CourierAddressValues;
  weight: string;
  length: string;
  width: string;
  height: string;
  weightUnit: 'lbs' | 'kg';
  dimensionUnit: 'inch' | 'cm';
  specialNotes: string;
};

const EMPTY_ADDRESS: CourierAddressValues = {
  name: '',
  street: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
};

export const EMPTY_COURIER_FORM: CourierFormValues = {
  from: EMPTY_ADDRESS,
  to: EMPTY_ADDRESS,
  weight: '',
  length: '',
  width: '',
  height: '',
  weightUnit: 'lbs',
  dimensionUnit: 'inch',
  specialNotes: '',
};

/** Every field a 400 may name, so the server's messages land on their inputs. */
export const COURIER_FORM_FIELDS = [
  ...(['from', 'to'] as const).flatMap((side) =>
    (Object.keys(EMPTY_ADDRESS) as Array<keyof CourierAddressValues>).map((key) => `${side}.${key}` as const),
  ),
  'weight',
  'length',
  'width',
  'height',
  'weightUnit',
  'dimensionUnit',
  'specialNotes',
] as const;

const toNumber = (value: string): number | string => (value.trim() === '' ? value : Number(value));

/** The POST /fed/create-order body: numbers as numbers; the server validates everything. */
export const toCreateCourierBody = (values: CourierFormValues): CreateCourierOrderBody => ({
  ...values,
  weight: toNumber(values.weight),
  length: toNumber(values.length),
  width: toNumber(values.width),
  height: toNumber(values.height),
});
