export { decodeCsvText } from './decode-text.ts';
export { formatSize, parseCsv, readCapped, type CsvCaps, type ParsedCsv } from './parse-csv.ts';
export {
  csvToString,
  formatCell,
  formatRow,
  protectCell,
  writeCsv,
  type CsvCell,
  type CsvRow,
  type WriteCsvOptions,
} from './write-csv.ts';
