import {
  AMAZON_PDF_MAX_BYTES,
  AMAZON_PDF_MAX_PAGES,
  addressWarningText,
  checkShipmentAddresses,
  correctAddresses,
  CSV_COLUMNS,
  ITEM_CSV_COLUMNS,
  type AddressCheckMode,
  type AddressWarning,
  type AmazonCsvForm,
  type CsvColumn,
  type ZipDirectory,
} from '@portal/shared';
import { csvToString, type CsvCell } from '../../csv/index.ts';
import { AppError } from '../../errors.ts';
import { readShipToAddresses, type PdfTextLimits } from './pdf-text.ts';
import { SHIP_TO_CAPS, type ShipToAddress } from './ship-to-parser.ts';

export type AmazonPdfLimits = PdfTextLimits & { maxBytes: number };

/** Caps for one packing-slip PDF; see docs/decisions/052-amazon-pdf-reading.md. */
export const AMAZON_PDF_LIMITS: AmazonPdfLimits = {
  maxBytes: AMAZON_PDF_MAX_BYTES,
  maxPages: AMAZON_PDF_MAX_PAGES,
  timeoutMs: 20_000,
  maxConcurrent: 2,
  maxQueued: 8,
  maxInflatedBytes: 128 * 1024 * 1024,
  ...SHIP_TO_CAPS,
};

/**
 * Our bulk CSV header plus the Amazon order number and the address check's doubts about the row, which
 * the CSV upload ignores but resellers match on and read.
 */
export const AMAZON_CSV_HEADER = [
  ...CSV_COLUMNS,
  ...ITEM_CSV_COLUMNS,
  'AmazonOrderId',
  'AddressCheck',
] as const;

export const NO_ADDRESS_MESSAGE =
  'No Amazon "Ship To" address was found in this PDF. Upload the packing slips printed from Amazon Seller Central (Orders > Manage Orders > Print packing slip).';

export type AmazonCsvResult = { csv: string; orders: number; incomplete: number; warningRows: number };
export type AmazonAddressCheck = { directory: ZipDirectory; mode: AddressCheckMode };

const describe = (warnings: readonly AddressWarning[]): string =>
  warnings
    .map((w) => {
      const suggested = w.suggestion === null || w.corrected ? '' : ` (suggested: ${w.suggestion})`;
      return addressWarningText(w) + suggested;
    })
    .join('; ');

/** The address check of one generated row: the row as checked (corrected in mode `correct`) and its note. */
function checkedRow(
  to: ShipToAddress,
  from: AmazonCsvForm,
  check: AmazonAddressCheck | undefined,
): { to: ShipToAddress; note: string } {
  if (!check || check.mode === 'off' || !to.isComplete) return { to, note: '' };
  const shipment = {
    FromCity: from.fromCity,
    FromState: from.fromState,
    FromZip: from.fromZip,
    ToCity: to.city,
    ToState: to.state,
    ToZip: to.zip,
    ToCountry: to.country,
  };
  const found = checkShipmentAddresses(shipment, check.directory);
  if (found.length === 0) return { to, note: '' };
  if (check.mode !== 'correct') return { to, note: describe(found) };
  const { corrected, warnings } = correctAddresses(shipment, found);
  return {
    to: { ...to, city: corrected.ToCity, state: corrected.ToState, zip: corrected.ToZip },
    note: describe(warnings),
  };
}

function csvRow(to: ShipToAddress, from: AmazonCsvForm, note: string): CsvCell[] {
  // Several items `;` apart (decision 330): a `;` inside a title would split it, so it becomes a comma.
  const list = (pick: (item: ShipToAddress['items'][number]) => string | number) =>
    to.items.map((item) => String(pick(item)).replaceAll(';', ',')).join(';');
  const cells: Record<CsvColumn, CsvCell> = {
    FromCountry: 'US',
    FromName: from.fromName,
    FromCompany: '',
    FromPhone: '',
    FromStreet1: from.fromStreet1,
    FromStreet2: from.fromStreet2,
    FromCity: from.fromCity,
    FromZip: from.fromZip,
    FromState: from.fromState,
    ToCountry: to.country,
    ToName: to.name,
    ToCompany: to.company,
    ToPhone: '',
    ToStreet1: to.street1,
    ToStreet2: to.street2,
    ToCity: to.city,
    ToZip: to.zip,
    ToState: to.state,
    Length: null,
    Height: null,
    Width: null,
    Weight: from.weight,
    InsuredValue: null,
    ItemSku: list((item) => item.sku),
    ItemTitle: list((item) => item.title),
    ItemQty: list((item) => item.quantity),
  };
  return [...[...CSV_COLUMNS, ...ITEM_CSV_COLUMNS].map((column) => cells[column]), to.orderId, note];
}

/**
 * Reads the recipients of Amazon packing slips and writes them as a bulk CSV with the sender and weight
 * filled in. Blocks without a readable "City, ST ZIP" line are kept with what was read, so the CSV page
 * shows the row to fix instead of losing the order.
 */
export async function generateAmazonCsv(
  input: { pdf: Uint8Array; from: AmazonCsvForm; addressCheck?: AmazonAddressCheck | undefined },
  limits: AmazonPdfLimits = AMAZON_PDF_LIMITS,
): Promise<AmazonCsvResult> {
  if (input.pdf.length === 0) throw new AppError('BAD_REQUEST', 'The PDF file is empty.');
  if (input.pdf.length > limits.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The PDF is larger than ${limits.maxBytes / 1024 / 1024} MB.`);
  }
  const addresses = await readShipToAddresses(input.pdf, limits);
  if (addresses.length === 0) throw new AppError('UNPROCESSABLE', NO_ADDRESS_MESSAGE);
  const rows = addresses.map((a) => checkedRow(a, input.from, input.addressCheck));
  const csv = await csvToString(
    rows.map((r) => csvRow(r.to, input.from, r.note)),
    { header: AMAZON_CSV_HEADER },
  );
  return {
    csv,
    orders: addresses.length,
    incomplete: addresses.filter((a) => !a.isComplete).length,
    warningRows: rows.filter((r) => r.note !== '').length,
  };
}
