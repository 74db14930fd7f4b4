import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvToString, formatCell, protectCell, writeCsv } from './write-csv.ts';
import { parseCsv } from './parse-csv.ts';

describe('protectCell', () => {
  it('neutralises formulas behind leading blanks and in full-width signs', () => {
    for (const value of [' =1+1', '\t=cmd', '  +SUM(A1)', '\u3000=1', '＝1+1', '＋1', '－A1', '＠SUM(A1)']) {
      expect(protectCell(value)).toBe(`'${value}`);
    }
    expect(protectCell(' plain text')).toBe(' plain text');
  });

  it.each([
    '=1+1',
    '=HYPERLINK("http://evil.example","x")',
    '+cmd|calc',
    '-2+3+cmd',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
  ])('neutralises %j', (value) => {
    expect(protectCell(value)).toBe(`'${value}`);
  });

  it('keeps plain numbers and ordinary text', () => {
    for (const value of ['-12', '-0.5', '+1', '15125550143', 'Apt 3B', '', "O'Connor", 'a=b'])
      expect(protectCell(value)).toBe(value);
  });
});

describe('formatCell', () => {
  it('quotes what RFC 4180 needs quoted', () => {
    expect(formatCell('Avery, LLC')).toBe('"Avery, LLC"');
    expect(formatCell('Ana "Annie"')).toBe('"Ana ""Annie"""');
    expect(formatCell('line\nbreak')).toBe('"line\nbreak"');
    expect(formatCell(' padded')).toBe('" padded"');
    expect(formatCell('=1,2')).toBe(`"'=1,2"`);
    expect(formatCell(2.5)).toBe('2.5');
    expect(formatCell(-3)).toBe('-3');
    expect(formatCell(null)).toBe('');
    expect(formatCell(Number.NaN)).toBe('');
  });
});

describe('writeCsv', () => {
  it('streams a BOM, a header and CRLF rows that our own parser reads back', async () => {
    const rows = [
      ['Zoë Müller', '=cmd', 'a,b'],
      ['José', '-5', 'x\ny'],
    ];
    const text = await csvToString(rows, { header: ['ToName', 'Note', 'Other'] });
    expect(text.startsWith('\uFEFFToName,Note,Other\r\n')).toBe(true);
    const { records } = parseCsv(Buffer.from(text));
    expect(records).toEqual([
      ['ToName', 'Note', 'Other'],
      ['Zoë Müller', "'=cmd", 'a,b'],
      ['José', '-5', 'x\ny'],
    ]);
  });

  it('yields chunks from an async source without building the whole file', async () => {
    async function* source() {
      for (let i = 0; i < 5000; i += 1) yield [i, `name ${i}`];
    }
    const chunks: string[] = [];
    for await (const chunk of Readable.from(writeCsv(source(), { bom: false, chunkSize: 4096 })))
      chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((c) => c.length < 4096 + 64)).toBe(true);
    expect(chunks.join('').split('\r\n')).toHaveLength(5001);
  });
});
