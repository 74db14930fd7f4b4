import type { TestApp } from '../../../test/helper.ts';

export const address = (name: string) => ({
  name,
  street: '1 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  phone: '512-555-0100',
});

export const courierBody = (change: Record<string, unknown> = {}) => ({
  from: address('Sender Co'),
  to: address('Receiver Inc'),
  weight: 2.5,
  length: 30,
  width: 20,
  height: 10,
  weightUnit: 'kg',
  dimensionUnit: 'cm',
  specialNotes: 'Fragile',
  ...change,
});

export const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Creates an order as the reseller and returns its id (the newest in their list). */
export async function createCourier(app: TestApp, headers: Record<string, string>, change = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/fed/create-order',
    headers,
    payload: courierBody(change),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  const list = await app.inject({ url: '/api/v1/fed/read', headers });
  return (list.json() as { docs: { _id: string }[] }).docs[0]!._id;
}

export const quote = (
  app: TestApp,
  headers: Record<string, string>,
  id: string,
  price = 42,
  note = 'Pickup 5pm',
) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/courier/${id}/quote`, headers, payload: { price, note } });

export const setStatus = (app: TestApp, headers: Record<string, string>, id: string, status: string) =>
  app.inject({ method: 'PATCH', url: `/api/v1/fed/update/${id}`, headers, payload: { status } });

export const cancel = (app: TestApp, headers: Record<string, string>, id: string, note = 'Out of area') =>
  app.inject({ method: 'POST', url: `/api/v1/admin/courier/${id}/cancel`, headers, payload: { note } });

export function complete(app: TestApp, headers: Record<string, string>, id: string, file = pdf, note = '') {
  const boundary = '----courier';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="label.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/courier/${id}/complete`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}
