import type { CheckedShipment, OrderShipment } from '@portal/shared';
import type { NewOrderRow } from '../purchases/purchases.service.ts';

type ShipmentColumns = Omit<NewOrderRow, 'batchId' | 'userId' | 'labelTypeId' | 'priceCents' | 'signature'>;

/** The order columns a checked shipment fills, the same for single, duplicated and bulk orders. */
export const shipmentColumns = (order: CheckedShipment<OrderShipment>): ShipmentColumns => ({
  weight: order.Weight,
  height: order.Height ?? null,
  width: order.Width ?? null,
  length: order.Length ?? null,
  design: order.design,
  fromName: order.FromName,
  fromCompany: order.FromCompany,
  fromStreet: order.FromStreet,
  fromStreet2: order.FromStreet2,
  fromCity: order.FromCity,
  fromState: order.FromState,
  fromZip: order.FromZip,
  fromCountry: order.FromCountry,
  fromPhone: order.FromPhone,
  toName: order.ToName,
  toCompany: order.ToCompany,
  toStreet: order.ToStreet,
  toStreet2: order.ToStreet2,
  toCity: order.ToCity,
  toState: order.ToState,
  toZip: order.ToZip,
  toCountry: order.ToCountry,
  toPhone: order.ToPhone,
});
