import type { Carrier, PriorityTemplate, WeightUnit } from '@portal/shared';

export type Address = {
  name: string;
  company?: string | undefined;
  street1: string;
  street2?: string | undefined;
  city: string;
  state: string;
  zip: string;
  /** ISO 3166 alpha-2; `US` when absent. */
  country?: string | undefined;
  phone?: string | undefined;
};

export type Dimensions = { length: number; width: number; height: number; unit: 'in' | 'cm' };

/** A label type staff made for a service of their providers (decision 334): no built-in uid behind it. */
export type StaffLabelType = { name: string; carrier: Carrier; service: string };

/** Everything the engine needs to make one label; the orders module builds it from an order row. */
export type Shipment = {
  orderId: string;
  labelTypeUid: string;
  /** The staff-made type the uid names; drawn with its carrier's template and its service printed. */
  labelType?: StaffLabelType | undefined;
  /** USPS postage provider style; only `priority` offers a choice, others use the default. */
  template?: PriorityTemplate | undefined;
  from: Address;
  to: Address;
  weight: number;
  /** Defaults to the label type's unit (oz for `_oz` uids, else lb). */
  weightUnit?: WeightUnit | undefined;
  dimensions?: Dimensions | undefined;
  /** Signature confirmation asked for (passed on to an upstream provider). */
  signature?: boolean | undefined;
  /** The declared value in dollars to insure the parcel for with the label (decision 330). */
  insuredValue?: number | undefined;
  /** A return label (decision 331): the addresses are already swapped; providers that mark returns do so. */
  isReturn?: boolean | undefined;
  /** What the reseller was charged for this label, in dollars; previews without an order use the list price. */
  postage?: number | undefined;
  date: Date;
};
