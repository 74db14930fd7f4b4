import type { CheckedShipment, OrderShipment } from '@portal/shared';
import type { NewOrderRow } from './orders.repository.ts';

type ShipmentColumns = Omit<NewOrderRow, 'batchId' | 'userId' | 'labelTypeId' | 'priceCents' | 'signature'>;

/** The order columns a checked shipment fills, the same for single, duplicated and bulk orders. */
export const shipmentColumns = (o: CheckedShipment<OrderShipment>): ShipmentColumns => ({
  weight: o.Weight,
  height: o.Height ?? null,
  width: o.Width ?? null,
  length: o.Length ?? null,
  design: o.design,
  fromName: o.FromName,
  fromCompany: o.FromCompany,
  fromStreet: o.FromStreet,
  fromStreet2: o.FromStreet2,
  fromCity: o.FromCity,
  fromState: o.FromState,
  fromZip: o.FromZip,
  fromCountry: o.FromCountry,
  fromPhone: o.FromPhone,
  toName: o.ToName,
  toCompany: o.ToCompany,
  toStreet: o.ToStreet,
  toStreet2: o.ToStreet2,
  toCity: o.ToCity,
  toState: o.ToState,
  toZip: o.ToZip,
  toCountry: o.ToCountry,
  toPhone: o.ToPhone,
});
