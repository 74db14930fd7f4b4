/**
 * The reseller API as the docs page shows it: each endpoint with a request and a response example,
 * and the curl, JavaScript (fetch) and Python (requests) snippets built from them. The server's tests
 * run these very snippets, so what a reseller copies works.
 */
export type ApiEndpoint = {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  title: string;
  description: string;
  /** A JSON body for POST endpoints. */
  body?: Record<string, unknown>;
  /** Whether the reply is a file (PDF or zip) rather than JSON. */
  file?: { name: string };
  response: string;
};

const exampleOrder = {
  labelType: 'ground_oz',
  Weight: 3,
  FromName: 'Sam Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  ToName: 'Rita Receiver',
  ToStreet: '200 Boylston St',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
};
const { labelType: _type, ...exampleRow } = exampleOrder;

export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  {
    id: 'read-types',
    method: 'GET',
    path: '/labeltype/read-types',
    title: 'Label types and prices',
    description: 'The enabled label types with the price tiers you pay (dollars per label by weight).',
    response: `{ "labelTypes": [{ "_id": "…", "uid": "ground_oz", "name": "USPS Ground Advantage (oz)", "status": true, "maxWeight": 15, "prices": [{ "fromWeight": 0, "toWeight": 4, "price": 2.75 }] }] }`,
  },
  {
    id: 'create-order',
    method: 'POST',
    path: '/order/create-order',
    title: 'Create an order',
    description:
      'JSON or a urlencoded form. labelType is a label type _id or uid; optional Date, Height, Length, Width, quantity (1-100), design (priority Template), From*/To* phones and companies, label_format (pdf, letter, zpl, png) and label_dpi (203 or 300) for the label downloads.',
    body: exampleOrder,
    response: `{ "message": "Order created successfully", "orders": [{ "_id": "…", "OrderId": "LBL-10042", "status": "pending", "price": 2.75, "tracking": null }], "balance": 97.25 }`,
  },
  {
    id: 'read-orders',
    method: 'GET',
    path: '/order/read-orders?page=1&limit=10',
    title: 'List orders',
    description:
      'Newest first. Query: page, limit (1-100), status (All, pending, processing, completed, cancelled), search.',
    response: `{ "orders": [{ "_id": "…", "OrderId": "LBL-10042", "status": "completed", "tracking": "9400…", "pdf": "/api/v2/order/download/…" }], "totalPages": 1, "total": 1 }`,
  },
  {
    id: 'read-order',
    method: 'GET',
    path: '/order/read-order/{order_id}',
    title: 'Read one order',
    description:
      'Status, tracking, price, createdAt and label_format of one of your orders; another reseller’s id is a 404.',
    response: `{ "order": { "_id": "…", "status": "completed", "tracking": "9400…", "price": 2.75, "createdAt": "2026-03-04T15:30:00.000Z" } }`,
  },
  {
    id: 'download',
    method: 'GET',
    path: '/order/download/{order_id}',
    title: 'Download a label',
    description:
      'The label; 409 while the order is not completed yet. ?format=pdf|letter|zpl|png (&dpi=203|300) picks the file (application/pdf, application/zpl or image/png); without it, the order’s label_format, else your account’s.',
    file: { name: 'label.pdf' },
    response: '%PDF-1.7 … (application/pdf)',
  },
  {
    id: 'create-insured-order',
    method: 'POST',
    path: '/order/create-order',
    title: 'Create an insured order with its items',
    description:
      'insured_value (dollars, at most 5000) insures each label; its price (the label type’s rule, e.g. $1 per started $100) is part of the order’s price and charge. items (sku, title, quantity) are printed on the packing slip.',
    body: {
      ...exampleOrder,
      insured_value: 250,
      items: [{ sku: 'WB-32', title: 'Water Bottle 32 oz', quantity: 2 }],
    },
    response: `{ "message": "Order created successfully", "orders": [{ "_id": "…", "OrderId": "LBL-10043", "status": "pending", "price": 5.75, "insuredValue": 250, "insurancePrice": 3 }], "balance": 91.5 }`,
  },
  {
    id: 'packing-slip',
    method: 'GET',
    path: '/order/packing-slip/{order_id}',
    title: 'Download a packing slip',
    description:
      'The order’s 4x6 packing slip: its items, who it ships to and from. ?format=letter puts it on a Letter page, ?format=zpl (&dpi=203|300) draws it for a thermal printer. Labels with their slips: /order/download/{order_id}?with=slips.',
    file: { name: 'packing-slip.pdf' },
    response: '%PDF-1.7 … (application/pdf)',
  },
  {
    id: 'return',
    method: 'POST',
    path: '/order/return/{order_id}',
    title: 'Create a return label',
    description:
      'For a completed order: a new order with the addresses swapped and returnOf set, the same label type or the one staff chose for returns, priced and charged as any order. One return per order (409 after that).',
    response: `{ "message": "Return label created", "order": { "_id": "…", "OrderId": "LBL-10044", "status": "pending", "returnOf": "…", "FromName": "Rita Receiver", "ToName": "Sam Sender" }, "balance": 88.75 }`,
  },
  {
    id: 'create-bulk-order',
    method: 'POST',
    path: '/order/create-bulk-order',
    title: 'Create a bulk order',
    description:
      'One label type for every object of data, each checked like a CSV row. Any bad row refuses the whole order with errors per row (from 1), and nothing is charged.',
    body: { labelType: 'ground_oz', data: [exampleRow, { ...exampleRow, ToName: 'Second Receiver' }] },
    response: `{ "message": "Bulk order created successfully: 2 labels are being generated", "bulkOrder": { "_id": "…", "status": "Pending", "total": 5.5, "totalOrders": 2 }, "balance": 91.75 }`,
  },
  {
    id: 'read-bulk-order',
    method: 'GET',
    path: '/order/read-bulk-order/{bulkorder_id}',
    title: 'Read a bulk order',
    description: 'Status, counts and each row’s order (status, tracking).',
    response: `{ "bulkOrder": { "_id": "…", "status": "Completed", "progress": { "completed": 2, "cancelled": 0 } }, "orders": [{ "row": 1, "status": "completed", "tracking": "9400…" }], "totalPages": 1, "total": 2 }`,
  },
  {
    id: 'download-bulk-order',
    method: 'GET',
    path: '/order/download-bulk-order/{bulkorder_id}',
    title: 'Download a bulk order',
    description:
      'A zip of the label PDFs (409 until a label is ready); ?format=pdf or letter for one merged PDF, zpl for one ZPL stream, png for a zip of images (&dpi=203|300).',
    file: { name: 'labels.zip' },
    response: 'PK… (application/zip)',
  },
];

export const API_ERROR_CODES: readonly { status: number; meaning: string }[] = [
  { status: 400, meaning: 'A field or row is invalid: message, and errors [{ row?, field, message }]' },
  { status: 401, meaning: 'Missing, wrong or regenerated API key, or a disabled account' },
  { status: 402, meaning: 'Your balance does not cover the order' },
  { status: 404, meaning: 'No such order or bulk order of yours' },
  { status: 405, meaning: 'Wrong method (create-bulk-order is POST)' },
  { status: 409, meaning: 'Label not ready yet, or the same Idempotency-Key is still being processed' },
  { status: 422, meaning: 'The Idempotency-Key was already used for a different request' },
  { status: 429, meaning: 'Rate limit reached: wait Retry-After seconds' },
];

export type SnippetContext = { baseUrl: string; apiKey: string; ids?: Record<string, string> };

const urlOf = (e: ApiEndpoint, c: SnippetContext): string =>
  `${c.baseUrl}${e.path.replace(/\{(\w+)\}/g, (whole, name: string) => c.ids?.[name] ?? whole)}`;
const json = (body: unknown, indent: number) => JSON.stringify(body, null, indent);
const pythonLiteral = (body: unknown): string =>
  json(body, 4)
    .replace(/\btrue\b/g, 'True')
    .replace(/\bfalse\b/g, 'False')
    .replace(/\bnull\b/g, 'None');

/** curl: prints the JSON reply, or saves the file. */
export function curlSnippet(e: ApiEndpoint, c: SnippetContext): string {
  const lines = [`curl -sS -X ${e.method} '${urlOf(e, c)}'`, `  -H 'x-api-key: ${c.apiKey}'`];
  if (e.body) {
    lines.push(`  -H 'content-type: application/json'`);
    // A new key per purchase; re-send the same key only to retry the same purchase.
    lines.push(`  -H "Idempotency-Key: order-$(date +%s%N)"`);
    lines.push(`  -d '${json(e.body, 0)}'`);
  }
  if (e.file) lines.push(`  -o ${e.file.name}`);
  return lines.join(' \\\n');
}

/** JavaScript (fetch, Node 18+ or a browser): logs the JSON reply, or the file's size. */
export function fetchSnippet(e: ApiEndpoint, c: SnippetContext): string {
  const headers = e.body
    ? `{ 'x-api-key': '${c.apiKey}', 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }`
    : `{ 'x-api-key': '${c.apiKey}' }`;
  const init = [`method: '${e.method}'`, `headers: ${headers}`];
  if (e.body) init.push(`body: JSON.stringify(${json(e.body, 2).replace(/\n/g, '\n  ')})`);
  const read = e.file
    ? `const file = await res.arrayBuffer();\nconsole.log(res.status, file.byteLength);`
    : `console.log(res.status, await res.json());`;
  return `const res = await fetch('${urlOf(e, c)}', {\n  ${init.join(',\n  ')},\n});\n${read}`;
}

/** Python (requests): prints the JSON reply, or saves the file. */
export function pythonSnippet(e: ApiEndpoint, c: SnippetContext): string {
  const headers = e.body
    ? `{"x-api-key": "${c.apiKey}", "Idempotency-Key": str(uuid.uuid4())}`
    : `{"x-api-key": "${c.apiKey}"}`;
  const args = [`"${urlOf(e, c)}"`, `headers=${headers}`];
  if (e.body) args.push(`json=${pythonLiteral(e.body)}`);
  const read = e.file
    ? `with open("${e.file.name}", "wb") as f:\n    f.write(res.content)\nprint(res.status_code)`
    : `print(res.status_code, res.json())`;
  const imports = e.body ? 'import uuid\n\nimport requests' : 'import requests';
  return `${imports}\n\nres = requests.${e.method.toLowerCase()}(\n    ${args.join(',\n    ')},\n    timeout=30,\n)\n${read}`;
}
