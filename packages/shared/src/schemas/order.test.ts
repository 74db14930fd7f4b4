import { describe, expect, it } from 'vitest';
import { checkShipmentForLabelType, createOrderBody, orderFormSchema } from './order.ts';

const base = {
  labelType: 'some-id',
  Weight: 2,
  FromName: 'Sender',
  FromStreet: '1 Main St',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '73301',
  ToName: 'Receiver',
  ToStreet: '2 Oak Ave',
  ToCity: 'Boston',
  ToState: 'ma',
  ToZip: '02134',
};
const priority = {
  uid: 'priority',
  name: 'USPS Priority Mail',
  maxWeight: 70,
  status: true,
  weightUnit: 'lb',
};
const fedex = { uid: 'fedex_ground', name: 'FedEx Ground', maxWeight: 150, status: true };
const ups = { uid: 'ups_standard', name: 'UPS Standard', maxWeight: 150, status: true };
const ground = { uid: 'ground_oz', name: 'USPS Ground Advantage (oz)', maxWeight: 15.99, status: true };

const messages = (body: Record<string, unknown>, type = ground) => {
  const result = orderFormSchema(type).safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('createOrderBody', () => {
  it('defaults quantity to 1 and signature to false, and reads numbers typed as text', () => {
    const parsed = createOrderBody.parse({ ...base, Weight: '2.5', quantity: '' });
    expect(parsed).toMatchObject({
      quantity: 1,
      signature: false,
      Weight: 2.5,
      ToState: 'MA',
      FromCountry: 'US',
    });
  });

  it.each([
    [{ Weight: undefined }, 'Weight: Weight is required'],
    [{ Weight: 0 }, 'Weight: Weight must be greater than 0'],
    [{ Weight: 'heavy' }, 'Weight: Weight must be a number'],
    [{ quantity: 0 }, 'quantity: Quantity must be at least 1'],
    [{ quantity: 1.5 }, 'quantity: Quantity must be a whole number'],
    [{ quantity: 101 }, 'quantity: Quantity must be at most 100'],
    [{ labelType: '' }, 'labelType: Please select a label type'],
    [{ FromName: ' ' }, 'FromName: From Name is required'],
    [{ ToStreet: undefined }, 'ToStreet: To Street is required'],
    [{ FromCity: '' }, 'FromCity: From City is required'],
    [{ FromState: '' }, 'FromState: State is required'],
    [{ FromState: 'ON' }, 'FromState: Please select a US state or territory'],
    [{ FromZip: '1234' }, 'FromZip: ZIP Code must be 5 digits or ZIP+4 (12345-6789)'],
    [{ FromCountry: 'Canada' }, 'FromCountry: Country must be United States'],
    [{ ToZip: '' }, 'ToZip: To ZIP Code is required'],
  ])('refuses %o', (change, message) => {
    expect(messages({ ...base, ...change })).toContain(message);
  });
});

describe('checkShipmentForLabelType', () => {
  it('requires a Template for priority and accepts pitney, evs and indica (Endicia)', () => {
    expect(messages(base, priority)).toContain('design: Please select a Template');
    expect(messages({ ...base, design: 'stamps' }, priority)).toContain(
      'design: Template must be pitney, evs or Endicia',
    );
    for (const design of ['pitney', 'evs', 'indica'])
      expect(messages({ ...base, design }, priority)).toEqual([]);
  });

  it('drops a Template, dimensions and phones that the label type does not use', () => {
    const body = createOrderBody.parse({
      ...base,
      design: 'evs',
      Height: 1,
      Width: 1,
      Length: 1,
      ToPhone: '5551234567',
    });
    const result = checkShipmentForLabelType(body, ground);
    expect(result.ok && result.order).toMatchObject({ design: null, Height: undefined, ToPhone: '' });
  });

  it('requires dimensions for FedEx types and keeps the phone', () => {
    expect(messages(base, fedex)).toEqual([
      'Height: Height is required for FedEx labels',
      'Width: Width is required for FedEx labels',
      'Length: Length is required for FedEx labels',
    ]);
    const body = createOrderBody.parse({
      ...base,
      Height: 4,
      Width: 5,
      Length: 6,
      ToPhone: '+1 (555) 123-4567',
    });
    const result = checkShipmentForLabelType(body, fedex);
    expect(result.ok && result.order).toMatchObject({ Height: 4, ToPhone: '+1 (555) 123-4567' });
    expect(messages({ ...base, Height: 4, Width: 5, Length: 6, ToPhone: 'call me' }, fedex)).toContain(
      'ToPhone: To Phone must be a phone number',
    );
  });

  it('allows Canadian provinces only for the UPS types that reach Canada', () => {
    const canada = { ...base, ToState: 'on', ToZip: 'm5v 2t6' };
    const ok = checkShipmentForLabelType(createOrderBody.parse(canada), ups);
    expect(ok.ok && ok.order).toMatchObject({ ToState: 'ON', ToZip: 'M5V 2T6', ToCountry: 'CA' });
    expect(messages(canada, ground)).toContain('ToState: To State must be a US state or territory');
    expect(messages({ ...canada, ToZip: '12345' }, ups)).toContain(
      'ToZip: To ZIP Code must be a Canadian postal code (A1A 1A1)',
    );
  });

  it('refuses a weight over the maximum and a disabled type with clear messages', () => {
    expect(messages({ ...base, Weight: 16 }, ground)).toContain(
      'Weight: Weight must be at most 15.99 for USPS Ground Advantage (oz)',
    );
    expect(messages({ ...base, Weight: 71, design: 'evs' }, priority)).toContain(
      'Weight: Weight must be at most 70 lb for USPS Priority Mail',
    );
    expect(messages(base, { ...ground, status: false })).toContain(
      'labelType: USPS Ground Advantage (oz) is currently unavailable',
    );
  });
});
