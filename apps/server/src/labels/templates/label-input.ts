import type { LabelTypeDefinition, WeightUnit } from '@portal/shared';
import type { CarrierService } from '../label-services.ts';
import type {
  FedexTracking,
  LabelTracking,
  UpsTracking,
  UspsTracking,
} from '../tracking/generate-tracking.ts';
import type { Shipment } from '../types.ts';

/** What a template draws from: the shipment plus everything derived from it before drawing. */
export type LabelInput<T extends LabelTracking = LabelTracking, S extends CarrierService = CarrierService> = {
  shipment: Shipment;
  tracking: T;
  service: S;
  labelType: LabelTypeDefinition;
  weightUnit: WeightUnit;
  /** Postage shown in the indicia (the type's tier price for this weight), when known. */
  postage: number | null;
  isTestLabel: boolean;
};

export type UspsInput = LabelInput<UspsTracking, Extract<CarrierService, { carrier: 'usps' }>>;
export type UpsInput = LabelInput<UpsTracking, Extract<CarrierService, { carrier: 'ups' }>>;
export type FedexInput = LabelInput<FedexTracking, Extract<CarrierService, { carrier: 'fedex' }>>;
