import { CSV_COLUMNS } from './columns.ts';

const SAMPLE_ROWS: readonly (readonly string[])[] = [
  // prettier-ignore
  ['US', 'Jordan Avery', 'Avery Outdoor Supply', '5125550143', '1200 Barton Springs Rd', 'Suite 210', 'Austin', '78704', 'TX',
   'US', 'Maria Gonzalez', '', '3055550178', '742 Evergreen Terrace', 'Apt 3B', 'Miami', '33101', 'FL',
   '10', '4', '8', '2.5'],
  // prettier-ignore
  ['US', 'Jordan Avery', 'Avery Outdoor Supply', '5125550143', '1200 Barton Springs Rd', 'Suite 210', 'Austin', '78704', 'TX',
   'US', "Liam O'Connor", 'Harbor Books', '', '15 Beacon St', '', 'Boston', '02108-3704', 'MA',
   '12', '6', '9', '1'],
];

const quote = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The file behind "Download Sample CSV": the canonical header and two realistic orders. */
export const SAMPLE_CSV: string =
  [CSV_COLUMNS, ...SAMPLE_ROWS].map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';

export const SAMPLE_CSV_FILENAME = 'sample.csv';
