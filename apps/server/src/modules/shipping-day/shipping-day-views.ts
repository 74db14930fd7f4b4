import { centsToDollars, type PickupView, type ScanFormView } from '@portal/shared';
import type { ShippingAddress } from '../../db/schema.ts';
import type { UpstreamPlace } from '../../labels/providers/upstream/upstream-adapter.ts';
import { dateIn } from '../../lib/time-zone.ts';
import { formatOrderId } from '../purchases/purchases.service.ts';
import type { ListedLabel, PickupRow, ScanFormRow, ShippingLabelRow } from './shipping-day.repository.ts';

/** The day a label ships: the date it was bought where the reseller is (decisions 328 and 355). */
export const shipDateOf = (createdAt: Date, zone: string): string => dateIn(createdAt, zone);

export const fromAddressOf = (label: ShippingLabelRow): ShippingAddress => ({
  name: label.fromName,
  company: label.fromCompany,
  street: label.fromStreet,
  street2: label.fromStreet2,
  city: label.fromCity,
  state: label.fromState,
  zip: label.fromZip,
});

export const upstreamPlaceOf = (address: ShippingAddress): UpstreamPlace => ({
  name: address.name,
  company: address.company,
  street1: address.street,
  street2: address.street2,
  city: address.city,
  state: address.state,
  zip: address.zip,
  phone: address.phone ?? '',
});

const addressView = (a: ShippingAddress) => ({
  name: a.name,
  company: a.company,
  street: a.street,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zip: a.zip,
});

const labelViews = (labels: readonly ListedLabel[]) =>
  labels.map((l) => ({ _id: l.id, OrderId: formatOrderId(l.orderNumber), tracking: l.tracking ?? '' }));

export const toScanFormView = (row: ScanFormRow, labels: readonly ListedLabel[]): ScanFormView => ({
  _id: row.id,
  carrier: row.carrier,
  fromAddress: addressView(row.fromAddress),
  shipDate: row.shipDate,
  trackingNumbers: labels.map((l) => l.tracking ?? ''),
  orders: labelViews(labels),
  status: row.status,
  isTest: row.isTest,
  createdAt: row.createdAt.toISOString(),
});

export const toPickupView = (row: PickupRow, labels: readonly ListedLabel[]): PickupView => ({
  _id: row.id,
  status: row.status,
  carrier: row.carrier,
  confirmation: row.confirmation,
  price: centsToDollars(row.priceCents),
  address: { ...addressView(row.address), phone: row.address.phone ?? '' },
  minDatetime: row.minDatetime.toISOString(),
  maxDatetime: row.maxDatetime.toISOString(),
  instructions: row.instructions,
  packageCount: row.packageCount,
  totalWeightOz: row.totalWeightOz,
  orders: labelViews(labels),
  isTest: row.isTest,
  createdAt: row.createdAt.toISOString(),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
});

/** Groups listed labels by the form or pickup they belong to. */
export const byOwner = (labels: readonly ListedLabel[]): Map<string, ListedLabel[]> => {
  const map = new Map<string, ListedLabel[]>();
  for (const label of labels) map.set(label.ownerId, [...(map.get(label.ownerId) ?? []), label]);
  return map;
};
