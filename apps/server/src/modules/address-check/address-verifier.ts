import { checkShipmentAddresses, type AddressWarning, type ShipmentAddresses } from '@portal/shared';
import { usZipDirectory } from './zip-table.ts';

/**
 * Who checks a shipment's addresses before it is bought. The offline ZIP table answers for every order
 * today; a provider that verifies addresses (EasyPost address verify, Shippo address validation)
 * implements this for the label types it serves, and its answer replaces the offline one (issue 38 #5).
 * Its warnings use the same fields (`ToZip`, `FromCity`...) so every path shows them the same way.
 */
export interface AddressVerifier {
  readonly name: string;
  verifyShipment(shipment: ShipmentAddresses): Promise<AddressWarning[]> | AddressWarning[];
}

export const offlineZipVerifier: AddressVerifier = {
  name: 'offline-zip-table',
  verifyShipment: (shipment) => checkShipmentAddresses(shipment, usZipDirectory()),
};

/**
 * The verifier for a purchase of this label type. Provider verification plugs in here when the label
 * type's route starts with a provider that offers it; until then every label type gets the offline check.
 */
export function addressVerifierFor(_labelTypeId: string): AddressVerifier {
  return offlineZipVerifier;
}
