import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, normalizeHeader, resolveHeader } from './columns.ts';
import { mapHeaders, missingColumnsMessage } from './header-map.ts';

describe('normalizeHeader', () => {
  it('ignores case, spaces, underscores and dashes', () => {
    expect(normalizeHeader(' From_Street-1 ')).toBe('fromstreet1');
    expect(normalizeHeader('TO POSTAL CODE')).toBe('topostalcode');
  });
});

describe('resolveHeader', () => {
  it.each([
    ['FromStreet', 'FromStreet1'],
    ['from_address1', 'FromStreet1'],
    ['from_address_1', 'FromStreet1'],
    ['FromAddress', 'FromStreet1'],
    ['Sender Address Line 2', 'FromStreet2'],
    ['to_postal_code', 'ToZip'],
    ['ToPostalCode', 'ToZip'],
    ['ToZipCode', 'ToZip'],
    ['zip', 'ToZip'],
    ['Ship To Name', 'ToName'],
    ['Ship To Address 1', 'ToStreet1'],
    ['Recipient Full Name', 'ToName'],
    ['Shipping Province', 'ToState'],
    ['Shipping Address2', 'ToStreet2'],
    ['Buyer Phone Number', 'ToPhone'],
    ['Country Code', 'ToCountry'],
    ['Package Weight', 'Weight'],
    ['Ship From Company', 'FromCompany'],
    // Amazon Seller Central order report
    ['recipient-name', 'ToName'],
    ['ship-address-1', 'ToStreet1'],
    ['ship-address-2', 'ToStreet2'],
    ['ship-postal-code', 'ToZip'],
    ['ship-phone-number', 'ToPhone'],
    // Pirate Ship and ShipStation
    ['Zipcode', 'ToZip'],
    ['Address Line 2', 'ToStreet2'],
  ])('maps %s to %s', (header, column) => {
    expect(resolveHeader(header)?.column).toBe(column);
  });

  it('leaves unit-tagged weights and unrelated columns alone', () => {
    expect(resolveHeader('Weight (oz)')).toBeNull();
    expect(resolveHeader('Order Number')).toBeNull();
    expect(resolveHeader('')).toBeNull();
  });
});

describe('mapHeaders', () => {
  it('maps the canonical header in any order', () => {
    const header = [...CSV_COLUMNS].reverse();
    const mapping = mapHeaders(header);
    expect(mapping.missing).toEqual([]);
    expect(mapping.unknownIgnored).toEqual([]);
    expect(mapping.columns.Weight).toEqual({ index: 0, header: 'Weight' });
  });

  it('lists extra columns as ignored and prefers the exact name over an alias', () => {
    const mapping = mapHeaders(['zip', 'Notes', 'ToZip', 'ToZip']);
    expect(mapping.columns.ToZip).toEqual({ index: 2, header: 'ToZip' });
    expect(mapping.unknownIgnored).toEqual(['Notes', 'zip', 'ToZip']);
  });

  it('names every missing required column', () => {
    const mapping = mapHeaders(['FromName', 'ToName']);
    expect(mapping.missing).toContain('Weight');
    expect(mapping.missing).not.toContain('FromCountry');
    expect(missingColumnsMessage(['Weight'])).toMatch(/missing the required column Weight\./);
    expect(missingColumnsMessage(['ToZip', 'Weight'])).toMatch(/columns ToZip, Weight\./);
    expect(missingColumnsMessage([])).toBeNull();
  });
});
