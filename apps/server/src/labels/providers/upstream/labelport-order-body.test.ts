import { describe, expect, it } from 'vitest';
import { sampleShipment } from '../../fixtures.ts';
import { labelportOrderBody } from './labelport-adapter.ts';

describe("the portal's order body", () => {
  it('names each place after its side, blanks for what it lacks, in the order every try sends it', () => {
    const shipment = sampleShipment('priority');
    const body = labelportOrderBody(
      { ...shipment, from: { ...shipment.from, company: undefined, street2: undefined, phone: undefined } },
      'priority',
      'ref-1',
    );
    const places = Object.entries(body).filter(([key]) => /^(From|To)/.test(key));
    expect(places.map(([key]) => key)).toEqual(
      ['From', 'To'].flatMap((side) =>
        ['Name', 'Company', 'Street', 'Street2', 'City', 'State', 'Zip', 'Country', 'Phone'].map(
          (field) => `${side}${field}`,
        ),
      ),
    );
    expect(body).toMatchObject({
      FromName: shipment.from.name,
      FromCompany: '',
      FromStreet: shipment.from.street1,
      FromStreet2: '',
      FromPhone: '',
      FromCountry: 'US',
      ToName: shipment.to.name,
      ToStreet2: shipment.to.street2,
      ToZip: shipment.to.zip,
    });
  });
});
