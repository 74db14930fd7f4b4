import type { Address } from '../types.ts';
import { drawBlock, type Canvas } from './canvas.ts';
import { addressLines } from './format.ts';

/** The type sizes of a ship-to block's lines; the name and the city line are set bold. */
export type ShipToSizes = { name: number; company: number; street: number; city: number };

/**
 * The ship-to block of a FedEx or USPS label: name, company, the street lines and the city line, fitted
 * in its box; answers where its last line ends.
 */
export const drawShipTo = (
  canvas: Canvas,
  to: Address,
  sizes: ShipToSizes,
  box: { x: number; top: number; width: number; height: number },
): number => {
  const [name, company, street1, street2, city] = addressLines(to);
  return drawBlock(
    canvas,
    [
      { text: name, size: sizes.name, bold: true },
      { text: company, size: sizes.company },
      { text: street1, size: sizes.street },
      { text: street2, size: sizes.street },
      { text: city, size: sizes.city, bold: true },
    ],
    box.x,
    box.top,
    box.width,
    box.height,
  );
};
