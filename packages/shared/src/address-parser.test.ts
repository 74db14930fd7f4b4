import { describe, expect, it } from 'vitest';
import { formatAddressAsText, parseFreeTextAddress, QUICK_ORDER_ADDRESS_HINT } from './address-parser.ts';

const springfield = {
  name: 'John Smith',
  street: '123 Main St',
  street2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  country: 'US',
};

describe('parseFreeTextAddress', () => {
  it.each([
    ['the documented 4-line shape', 'John Smith\n123 Main St\nSpringfield, IL\n62704', {}],
    ['the 3-line shape with the ZIP after the state', 'John Smith\n123 Main St\nSpringfield, IL 62704', {}],
    ['a comma before the ZIP', 'John Smith\n123 Main St\nSpringfield, IL, 62704', {}],
    ['extra spaces and tabs', '  John   Smith \n\t123  Main St  \n Springfield ,  IL \n  62704  ', {}],
    ['Windows line endings', 'John Smith\r\n123 Main St\r\nSpringfield, IL\r\n62704\r\n', {}],
    ['trailing and inner blank lines', 'John Smith\n\n123 Main St\nSpringfield, IL\n62704\n\n\n', {}],
    ['a lowercase state', 'John Smith\n123 Main St\nSpringfield, il\n62704', {}],
    ['a full state name', 'John Smith\n123 Main St\nSpringfield, Illinois\n62704', {}],
    [
      'a lowercase full state name',
      'John Smith\n123 Main St\nspringfield, illinois 62704',
      { city: 'springfield' },
    ],
    ['a missing comma between city and state', 'John Smith\n123 Main St\nSpringfield IL\n62704', {}],
    ['a missing comma and a full state name', 'John Smith\n123 Main St\nSpringfield Illinois 62704', {}],
    ['ZIP+4', 'John Smith\n123 Main St\nSpringfield, IL\n62704-1234', { zip: '62704-1234' }],
    ['ZIP+4 without the dash', 'John Smith\n123 Main St\nSpringfield, IL 627041234', { zip: '62704-1234' }],
    ['ZIP+4 with a space', 'John Smith\n123 Main St\nSpringfield, IL\n62704 1234', { zip: '62704-1234' }],
    [
      'an apartment after a comma',
      'John Smith\n123 Main St, Apt 4B\nSpringfield, IL\n62704',
      { street2: 'Apt 4B' },
    ],
    [
      'an apartment without a comma',
      'John Smith\n123 Main St Apt 4B\nSpringfield, IL\n62704',
      { street2: 'Apt 4B' },
    ],
    [
      'a suite with a period',
      'John Smith\n500 Oak Ave Ste. 210\nSpringfield, IL\n62704',
      { street: '500 Oak Ave', street2: 'Ste. 210' },
    ],
    ['a unit number with #', 'John Smith\n123 Main St #12\nSpringfield, IL\n62704', { street2: '#12' }],
    [
      'street 2 on its own line',
      'John Smith\n123 Main St\nUnit 7\nSpringfield, IL\n62704',
      { street2: 'Unit 7' },
    ],
    [
      'street 2 on its own line, 3-line city',
      'John Smith\n123 Main St\nFloor 3\nSpringfield, IL 62704',
      { street2: 'Floor 3' },
    ],
    ['a trailing country line', 'John Smith\n123 Main St\nSpringfield, IL 62704\nUSA', {}],
    ['a trailing "United States"', 'John Smith\n123 Main St\nSpringfield, IL\n62704\nUnited States', {}],
    ['a period after the state', 'John Smith\n123 Main St\nSpringfield, Ill.\n62704', { error: true }],
    ['a PO box', 'John Smith\nPO Box 42\nSpringfield, IL\n62704', { street: 'PO Box 42' }],
  ])('reads %s', (_label, text, expected) => {
    const result = parseFreeTextAddress(text);
    if ('error' in expected) {
      expect(result.ok).toBe(false);
      return;
    }
    expect(result).toEqual({ ok: true, address: { ...springfield, ...expected } });
  });

  it.each([
    ['New York, NY 10001', 'New York', 'NY'],
    ['New York NY 10001', 'New York', 'NY'],
    ['new york new york 10001', 'new york', 'NY'],
    ['Salt Lake City UT 84101', 'Salt Lake City', 'UT'],
    ['Kansas City, Missouri 64105', 'Kansas City', 'MO'],
    ['Washington, DC 20001', 'Washington', 'DC'],
    ['Washington, District of Columbia 20001', 'Washington', 'DC'],
    ['San Juan, PR 00901', 'San Juan', 'PR'],
    ['San Juan Puerto Rico 00901', 'San Juan', 'PR'],
    ['Winston-Salem, North Carolina 27101', 'Winston-Salem', 'NC'],
    ["Coeur d'Alene, ID 83814", "Coeur d'Alene", 'ID'],
    ['St. Louis, MO 63101', 'St. Louis', 'MO'],
  ])('reads the city line "%s"', (line, city, state) => {
    const result = parseFreeTextAddress(`Jane Doe\n1 Broadway\n${line}`);
    expect(result.ok && result.address).toMatchObject({ city, state, country: 'US' });
  });

  it('keeps leading zeros of New England and Puerto Rico ZIP codes', () => {
    const result = parseFreeTextAddress('Ann Lee\n12 Elm St\nBoston, MA\n02134');
    expect(result.ok && result.address.zip).toBe('02134');
  });

  it('reads a Canadian province and postal code', () => {
    const result = parseFreeTextAddress('Marie Roy\n200 Rue Sainte-Catherine\nMontreal, QC H2X 1L4');
    expect(result).toEqual({
      ok: true,
      address: {
        name: 'Marie Roy',
        street: '200 Rue Sainte-Catherine',
        street2: '',
        city: 'Montreal',
        state: 'QC',
        zip: 'H2X 1L4',
        country: 'CA',
      },
    });
  });

  it('accepts the hint the form shows as its placeholder', () => {
    expect(parseFreeTextAddress(QUICK_ORDER_ADDRESS_HINT).ok).toBe(true);
  });

  it('gives back what formatAddressAsText wrote for a saved address', () => {
    const saved = {
      name: 'Ann Lee',
      street: '12 Elm St',
      street2: 'Apt 3',
      city: 'Boston',
      state: 'MA',
      zip: '02134',
    };
    const result = parseFreeTextAddress(formatAddressAsText(saved));
    expect(result).toEqual({ ok: true, address: { ...saved, country: 'US' } });
  });

  describe('names the line it could not read', () => {
    it.each([
      ['an empty text', '   \n\n', 1, /empty/],
      ['a missing ZIP', 'John Smith\n123 Main St\nSpringfield, IL', 3, /ZIP/],
      ['a ZIP with too few digits', 'John Smith\n123 Main St\nSpringfield, IL\n6270', 4, /ZIP/],
      ['an unknown state', 'John Smith\n123 Main St\nSpringfield, XX\n62704', 3, /City, State/],
      ['a city line without a state', 'John Smith\n123 Main St\nSpringfield\n62704', 3, /City, State/],
      ['a missing street', 'John Smith\nSpringfield, IL\n62704', 3, /name, street/],
      ['a street without a house number', 'John Smith\nAcme Corp\nSpringfield, IL 62704', 2, /street/],
      ['too many lines', 'John Smith\nAcme\n123 Main St\nApt 4\nSpringfield, IL\n62704', 4, /too many lines/],
      ['only a name', 'John Smith', 1, /ZIP/],
      [
        'blank lines counted as typed',
        '\n\nJohn Smith\n123 Main St\nSpringfield, XX 62704',
        5,
        /City, State/,
      ],
      ['a US ZIP with a Canadian province', 'Marie Roy\n200 Main St\nToronto, ON 62704', 3, /postal code/],
    ])('%s', (_label, text, line, message) => {
      const result = parseFreeTextAddress(text);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.line).toBe(line);
      expect(result.message).toMatch(message);
      expect(result.message).toMatch(new RegExp(`^Line ${line}: `));
    });
  });
});

describe('parseFreeTextAddress with the ZIP table (issue 38)', () => {
  const boston = (zip5: string) => (zip5 === '02108' ? { city: 'Boston', state: 'MA' } : undefined);

  it('reads a city line without a state from the ZIP', () => {
    const result = parseFreeTextAddress('Rita Receiver\n1 Beacon St\nBoston 02108', { placeOfZip: boston });
    expect(result).toMatchObject({ ok: true, address: { city: 'Boston', state: 'MA', zip: '02108' } });
  });

  it('reads a misspelt state from the ZIP, with or without a comma', () => {
    for (const line of ['Boston, Masachusets 02108', 'Boston Mass 02108', 'Boston\n02108']) {
      const result = parseFreeTextAddress(`Rita Receiver\n1 Beacon St\n${line}`, { placeOfZip: boston });
      expect(result).toMatchObject({ ok: true, address: { city: 'Boston', state: 'MA' } });
    }
  });

  it('still names the line when the ZIP is not known', () => {
    const result = parseFreeTextAddress('Rita Receiver\n1 Beacon St\nBoston 02199', { placeOfZip: boston });
    expect(result).toMatchObject({ ok: false, line: 3 });
  });
});
