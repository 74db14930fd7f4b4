import { unitPriceFor, weightUnitOf } from '@portal/shared';
import { drawLayoutAsPdf } from './backends/pdf-backend.ts';
import { drawLayoutAsPng } from './backends/png-backend.ts';
import { drawLayoutAsZpl } from './backends/zpl-backend.ts';
import type { LabelDpi } from './backends/output.ts';
import { LABEL_SERVICES, labelTypeOf, shipmentService } from './label-services.ts';
import {
  barcodePlacements,
  createCanvas,
  type BarcodePlacement,
  type LabelLayout,
} from './templates/canvas.ts';
import { drawFedexLabel } from './templates/fedex-label.ts';
import type { FedexInput, LabelInput, UpsInput, UspsInput } from './templates/label-input.ts';
import { drawUpsLabel } from './templates/ups-label.ts';
import { drawUspsLabel } from './templates/usps-label.ts';
import type { LabelTracking } from './tracking/generate-tracking.ts';
import type { Shipment } from './types.ts';

export type RenderLabelOptions = { isTestLabel: boolean };

/** What one label is drawn as: a 4x6 PDF page, or ZPL II / PNG for a printer of `dpi`. */
export type LabelOutput = { format: 'pdf' } | { format: 'zpl' | 'png'; dpi: LabelDpi };

const textsOf = (shipment: Shipment): string[] =>
  [shipment.from, shipment.to].flatMap((a) => [
    a.name,
    a.company ?? '',
    a.street1,
    a.street2 ?? '',
    a.city,
    a.state,
    a.zip,
    a.phone ?? '',
  ]);

/** The label once, as boxes, text and barcodes at their places: what every backend draws. */
export const layoutLabel = async (
  shipment: Shipment,
  tracking: LabelTracking,
  options: RenderLabelOptions,
): Promise<LabelLayout> => {
  const service = shipmentService(shipment);
  // A staff-made type (decision 334) has no seed row: its name, and no list price for previews.
  const labelType =
    shipment.labelTypeUid in LABEL_SERVICES || !shipment.labelType
      ? labelTypeOf(shipment.labelTypeUid)
      : { ...shipment.labelType, uid: shipment.labelTypeUid, maxWeight: 0, prices: [] };
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
  return canvas.layout;
};

/** Draws a layout with the backend of `output`. */
export const drawLayout = async (layout: LabelLayout, output: LabelOutput): Promise<Uint8Array> => {
  if (output.format === 'pdf') return drawLayoutAsPdf(layout);
  if (output.format === 'png') return drawLayoutAsPng(layout, output.dpi);
  return new TextEncoder().encode(drawLayoutAsZpl(layout, output.dpi));
};

/** Renders one 4x6 label for the shipment's label type and template: a one-page PDF unless asked otherwise. */
export const renderLabel = async (
  shipment: Shipment,
  tracking: LabelTracking,
  options: RenderLabelOptions,
  output: LabelOutput = { format: 'pdf' },
): Promise<Uint8Array> => drawLayout(await layoutLabel(shipment, tracking, options), output);

/** Same as `renderLabel`, also telling where each barcode was drawn and with which data. */
export const renderLabelWithLayout = async (
  shipment: Shipment,
  tracking: LabelTracking,
  options: RenderLabelOptions,
  output: LabelOutput = { format: 'pdf' },
): Promise<{ file: Uint8Array; pdf: Uint8Array; barcodes: BarcodePlacement[] }> => {
  const layout = await layoutLabel(shipment, tracking, options);
  const file = await drawLayout(layout, output);
  return { file, pdf: file, barcodes: barcodePlacements(layout) };
};
