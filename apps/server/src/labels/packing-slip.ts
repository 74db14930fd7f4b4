import type { LabelDpi } from '@portal/shared';
import { drawLayoutAsPdf } from './backends/pdf-backend.ts';
import { drawLayoutAsZpl } from './backends/zpl-backend.ts';
import { createCanvas } from './templates/canvas.ts';
import { drawPackingSlip, packingSlipTexts, type PackingSlipInput } from './templates/packing-slip.ts';

export type { PackingSlipInput };

/**
 * One order's 4x6 packing slip (decision 330), drawn with the label engine's layout and backends: a
 * one-page PDF, or ZPL for a thermal printer at its resolution. Loaded on first use, like the labels'.
 */
export async function renderPackingSlip(
  input: PackingSlipInput,
  output: { format: 'pdf' } | { format: 'zpl'; dpi: LabelDpi },
): Promise<Uint8Array> {
  const canvas = await createCanvas(packingSlipTexts(input), `Packing slip ${input.orderId}`);
  drawPackingSlip(canvas, input);
  if (output.format === 'pdf') return drawLayoutAsPdf(canvas.layout);
  return new TextEncoder().encode(drawLayoutAsZpl(canvas.layout, output.dpi));
}
