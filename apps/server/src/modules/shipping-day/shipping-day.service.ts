import {
  fromAddressKey,
  type OrderView,
  type ShippingDayGroupView,
  type ShippingDayResponse,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { startOfDayIn } from '../../lib/time-zone.ts';
import { formatOrderId } from '../purchases/purchases.service.ts';
import { findShippingDayOfOrder, labelsSince, pickupStatusOf } from './shipping-day.repository.ts';
import { fromAddressOf, shipDateOf } from './shipping-day-views.ts';

export { createScanForm, downloadScanForm, readScanForms, scanFormRefusal } from './scan-forms.service.ts';
export { cancelPickup, createPickup, readPickups } from './pickups.service.ts';

/**
 * GET /scan-forms/today: the labels bought today where the reseller is (`zone`, decision 355; the ship
 * date a SCAN form uses), grouped by carrier and from-address, each with its form and pickup, for the
 * Shipping day page.
 */
export async function readShippingDay(
  ctx: AppContext,
  userId: string,
  zone: string,
  now = new Date(),
): Promise<ShippingDayResponse> {
  const date = shipDateOf(now, zone);
  const labels = await labelsSince(ctx.db, userId, startOfDayIn(date, zone));
  const pickups = await pickupStatusOf(
    ctx.db,
    labels.map((l) => l.id),
  );
  const groups = new Map<string, ShippingDayGroupView>();
  for (const label of labels) {
    const from = fromAddressOf(label);
    const key = `${label.carrier}|${fromAddressKey(from)}`;
    let group = groups.get(key);
    if (!group) {
      const { name, company, street, street2, city, state, zip } = from;
      group = {
        carrier: label.carrier,
        fromAddress: { name, company, street, street2, city, state, zip },
        shipDate: date,
        labels: [],
      };
      groups.set(key, group);
    }
    group.labels.push({
      _id: label.id,
      OrderId: formatOrderId(label.orderNumber),
      tracking: label.tracking ?? '',
      labelType: label.labelTypeName,
      scanFormId: label.scanFormId,
      pickupStatus: (pickups.get(label.id) as 'scheduled' | 'cancelled' | undefined) ?? null,
    });
  }
  return { date, groups: [...groups.values()] };
}

/** An order's SCAN form and latest pickup, as its details show them (decision 355). */
export async function readOrderShippingDay(
  db: DbOrTx,
  orderId: string,
): Promise<Pick<OrderView, 'scanForm' | 'pickup'>> {
  const { form, pickup } = await findShippingDayOfOrder(db, orderId);
  return {
    scanForm: form ? { _id: form.id, shipDate: form.shipDate } : null,
    pickup: pickup ? { _id: pickup.id, status: pickup.status, confirmation: pickup.confirmation } : null,
  };
}
