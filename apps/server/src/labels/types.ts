import type { PriorityTemplate, WeightUnit } from '@portal/shared';

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

/** Everything the engine needs to make one label; the orders module builds it from an order row. */
export type Shipment = {
  orderId: string;
  labelTypeUid: string;
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
