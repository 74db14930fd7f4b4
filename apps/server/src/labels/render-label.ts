import { unitPriceFor, weightUnitOf } from '@portal/shared';
import { labelTypeOf, serviceOf } from './label-services.ts';
import { createCanvas, type BarcodePlacement } from './templates/canvas.ts';
import { drawFedexLabel } from './templates/fedex-label.ts';
import type { FedexInput, LabelInput, UpsInput, UspsInput } from './templates/label-input.ts';
import { drawUpsLabel } from './templates/ups-label.ts';
import { drawUspsLabel } from './templates/usps-label.ts';
import type { LabelTracking } from './tracking/generate-tracking.ts';
import type { Shipment } from './types.ts';

export type RenderLabelOptions = { isTestLabel: boolean };

const textsOf = (s: Shipment): string[] =>
  [s.from, s.to].flatMap((a) => [
    a.name,
    a.company ?? '',
    a.street1,
    a.street2 ?? '',
    a.city,
    a.state,
    a.zip,
    a.phone ?? '',
  ]);

/** Renders one 4x6 label as a one-page PDF for the shipment's label type and template. */
export const renderLabel = async (
  shipment: Shipment,
  tracking: LabelTracking,
  options: RenderLabelOptions,
): Promise<Uint8Array> => (await renderLabelWithLayout(shipment, tracking, options)).pdf;

/** Same as `renderLabel`, also telling where each barcode was drawn and with which data. */
export const renderLabelWithLayout = async (
  shipment: Shipment,
  tracking: LabelTracking,
  options: RenderLabelOptions,
): Promise<{ pdf: Uint8Array; barcodes: BarcodePlacement[] }> => {
  const labelType = labelTypeOf(shipment.labelTypeUid);
  const service = serviceOf(shipment.labelTypeUid);
  if (service.carrier !== tracking.carrier) {
    throw new RangeError(`Tracking for ${tracking.carrier} given to a ${service.carrier} label type`);
  }
  const weightUnit = shipment.weightUnit ?? weightUnitOf(labelType.uid);
  const input: LabelInput = {
    shipment,
    tracking,
    service,
    labelType,
    weightUnit,
    postage: shipment.postage ?? unitPriceFor(labelType.prices, shipment.weight),
    isTestLabel: options.isTestLabel,
  };
  const title = `${labelType.name} ${tracking.trackingNumber}${options.isTestLabel ? ' (TEST)' : ''}`;
  const canvas = await createCanvas(textsOf(shipment), title);
  if (service.carrier === 'usps') drawUspsLabel(canvas, input as UspsInput);
  else if (service.carrier === 'ups') drawUpsLabel(canvas, input as UpsInput);
  else drawFedexLabel(canvas, input as FedexInput);
  return { pdf: await canvas.doc.save({ useObjectStreams: false }), barcodes: canvas.barcodes };
};
