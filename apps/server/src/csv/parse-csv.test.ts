import { Readable } from 'node:stream';
import { mapHeaders, rowToOrderInput } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  excelCsv,
  excelUnicodeText,
  excelWindows1252Csv,
  googleSheetsCsv,
  sheetRow,
  sheetRows,
} from '../../test/fixtures/csv-files.ts';
import { AppError } from '../errors.ts';
import { parseCsv, readCapped } from './parse-csv.ts';

const inputs = (bytes: Uint8Array) => {
  const { records } = parseCsv(bytes);
  const mapping = mapHeaders(records[0]!);
  return records.slice(1).map((cells) => rowToOrderInput(cells, mapping));
};

const rejection = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
};

describe('parseCsv', () => {
  it('reads an Excel export: BOM, CRLF, quoted commas and line breaks, ZIPs that lost their zero', () => {
    const rows = [
      { ...sheetRow(0), ToStreet1: '15 Beacon St\nFloor 2', ToName: 'Ana "Annie" Ruiz' },
      sheetRow(1),
    ];
    const bytes = excelCsv(rows);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [first, second] = inputs(bytes);
    expect(first).toMatchObject({
      FromName: 'Jordan Avery',
      FromCompany: 'Avery Outdoor Supply, LLC',
      ToName: 'Ana "Annie" Ruiz',
      ToStreet: '15 Beacon St Floor 2',
      ToZip: '02108',
    });
    expect(second?.ToZip).toBe('33101');
  });

  it('keeps spreadsheet row numbers when a quoted cell spans lines', () => {
    const rows = [{ ...sheetRow(0), ToStreet2: 'Line a\r\nLine b' }, sheetRow(1)];
    const { records, dataRows } = parseCsv(googleSheetsCsv(rows));
    expect(records).toHaveLength(3);
    expect(dataRows).toBe(2);
  });

  it.each([
    ['a CRLF header with LF rows', '\r\n', '\n'],
    ['an LF header with CRLF rows', '\n', '\r\n'],
    ['a CR header with LF rows', '\r', '\n'],
    ['a CRLF header with CR rows', '\r\n', '\r'],
  ])('reads %s as the same rows', (_name, headerEnd, rowEnd) => {
    const lines = googleSheetsCsv(sheetRows(3)).toString('utf8').split('\n');
    const text = `${lines[0]}${headerEnd}${lines.slice(1).join(rowEnd)}${rowEnd}`;
    const { records, dataRows } = parseCsv(Buffer.from(text));
    expect(dataRows).toBe(3);
    expect(new Set(records.map((r) => r.length)).size).toBe(1);
    expect(inputs(Buffer.from(text)).map((r) => r.Weight)).toEqual(
      inputs(googleSheetsCsv(sheetRows(3))).map((r) => r.Weight),
    );
  });

  it('reads a Google Sheets export (LF, no BOM, no final newline)', () => {
    const [first] = inputs(googleSheetsCsv([sheetRow(2)]));
    expect(first).toMatchObject({ ToName: 'Zoë Müller', ToCity: 'Portland', ToZip: '04101' });
  });

  it("reads Excel's Unicode Text (UTF-16 LE, tabs) and Windows-1252 CSV", () => {
    expect(inputs(excelUnicodeText([sheetRow(2)]))[0]).toMatchObject({ ToName: 'Zoë Müller' });
    expect(inputs(excelWindows1252Csv([sheetRow(3)]))[0]).toMatchObject({ ToName: 'José Núñez' });
  });

  it("honours Excel's sep= line and semicolon files", () => {
    const text = 'sep=;\r\nToName;Weight\r\nAna;1,5\r\n';
    const { records, delimiter } = parseCsv(Buffer.from(text));
    expect(delimiter).toBe(';');
    expect(records).toEqual([
      ['ToName', 'Weight'],
      ['Ana', '1,5'],
    ]);
    expect(parseCsv(Buffer.from('ToName;Weight\nAna;2\n')).delimiter).toBe(';');
  });

  it('accepts aliases, reordered and extra columns', () => {
    const header = ['Notes', 'weight', 'to_postal_code', 'Ship To Name', 'from_address1', 'FromStreet'];
    const text = `${header.join(',')}\nfragile,2,2134,Ana Ruiz,1 Main St,ignored\n`;
    const { records } = parseCsv(Buffer.from(text));
    const mapping = mapHeaders(records[0]!);
    expect(mapping.unknownIgnored).toEqual(['Notes', 'FromStreet']);
    expect(rowToOrderInput(records[1]!, mapping)).toMatchObject({
      Weight: 2,
      ToZip: '02134',
      ToName: 'Ana Ruiz',
      FromStreet: '1 Main St',
    });
  });

  it('drops trailing blank rows but refuses an empty file or a header alone', () => {
    const { records } = parseCsv(Buffer.from('ToName,Weight\r\nAna,1\r\n,\r\n\r\n'));
    expect(records).toHaveLength(2);
    expect(rejection(() => parseCsv(Buffer.alloc(0))).message).toBe('The CSV file is empty.');
    expect(rejection(() => parseCsv(Buffer.from('\uFEFF \r\n'))).message).toBe('The CSV file is empty.');
    expect(rejection(() => parseCsv(Buffer.from('ToName,Weight\r\n,\r\n'))).message).toBe(
      'The CSV file has a header but no data rows.',
    );
  });

  it('refuses files over the size or row cap', () => {
    const bytes = googleSheetsCsv(sheetRows(30));
    const tooBig = rejection(() => parseCsv(bytes, { maxBytes: 1000, maxRows: 100 }));
    expect(tooBig.code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooBig.message).toMatch(/larger than/);
    const tooMany = rejection(() => parseCsv(bytes, { maxBytes: 1e7, maxRows: 20 }));
    expect(tooMany.message).toBe('The CSV file has more than 20 orders. Split it into smaller files.');
  });

  it('says which row has a quote that is never closed', () => {
    const error = rejection(() => parseCsv(Buffer.from('ToName,Weight\nAna,1\n"Bo,2\n')));
    expect(error.message).toBe('Row 3 opens a quote (") that is never closed.');
  });

  it.each([
    ['an xlsx workbook', [0x50, 0x4b, 0x03, 0x04, 1, 2], /Excel workbook \(\.xlsx\)/],
    ['an xls workbook', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1], /old Excel workbook/],
    ['a PDF', [...Buffer.from('%PDF-1.7\n')], /PDF, not a CSV/],
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d], /image/],
    ['binary bytes', [0x41, 0x00, 0x42, 0x00, 0x01], /not a CSV text file/],
    ['control characters', [...Array(20).fill(0x01)], /not a CSV text file/],
  ])('refuses %s with a clear message', (_name, bytes, message) => {
    expect(rejection(() => parseCsv(Buffer.from(bytes))).message).toMatch(message);
  });
});

describe('readCapped', () => {
  it('stops reading an upload as soon as it passes the cap', async () => {
    let produced = 0;
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i += 1) {
          produced += 1;
          yield Buffer.alloc(1024, 0x41);
        }
      })(),
    );
    await expect(readCapped(stream, 10 * 1024)).rejects.toThrow('The CSV file is larger than 10 KB.');
    expect(produced).toBeLessThan(20);
    expect((await readCapped(Readable.from([Buffer.from('ab'), Buffer.from('c')]), 10)).toString()).toBe(
      'abc',
    );
  });
});
