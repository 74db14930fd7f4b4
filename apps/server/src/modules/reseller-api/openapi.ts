import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  DEPOSIT_EVENTS_DESCRIPTION,
  depositEventPayload,
  pickupView,
  scanFormView,
  TRACKING_UPDATED_DESCRIPTION,
  trackingUpdatedPayload,
} from '@portal/shared';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { withShippingDayExamples } from './shipping-day-examples.ts';

type Webhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks'];

/** A zod schema as the JSON Schema of an OpenAPI 3.1 document (no `$schema` of its own). */
const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' });
  return rest;
};

/** An event whose `data` is one SCAN form or pickup (issue 46), as the API's own answers give it. */
const eventOf = (type: string, data: z.ZodType) =>
  z.object({
    id: z.string().describe('The event id, also sent as the webhook-id header'),
    type: z.literal(type),
    created: z.string().describe('When the event was made (ISO 8601)'),
    data,
  });

const shippingDayHook = (operationId: string, summary: string, payload: z.ZodType) => ({
  post: {
    operationId,
    summary,
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(payload) } } },
    responses: { 200: { description: 'Any 2xx answer marks the delivery done; others are retried' } },
    security: [],
  },
});

/**
 * What LabelPort POSTs to a reseller's webhook endpoints (Standard Webhooks signatures), for the events
 * whose body needs more than the order: `order.tracking_updated` (decision 319).
 */
const WEBHOOKS = {
  'order.tracking_updated': {
    post: {
      operationId: 'orderTrackingUpdated',
      summary: 'An order’s tracking has new events',
      description: TRACKING_UPDATED_DESCRIPTION,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(trackingUpdatedPayload) } },
      },
      responses: { 200: { description: 'Any 2xx answer marks the delivery done; others are retried' } },
      security: [],
    },
  },
  ...Object.fromEntries(
    (['deposit.credited', 'deposit.reversed'] as const).map((type) => [
      type,
      {
        post: {
          operationId: type === 'deposit.credited' ? 'depositCredited' : 'depositReversed',
          summary:
            type === 'deposit.credited'
              ? 'A deposit paid on a provider’s page was credited'
              : 'A deposit was refunded or disputed',
          description: DEPOSIT_EVENTS_DESCRIPTION,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(depositEventPayload(type)) } },
          },
          responses: {
            200: { description: 'Any 2xx answer marks the delivery done; others are retried' },
          },
          security: [],
        },
      },
    ]),
  ),
  'scan_form.created': shippingDayHook(
    'scanFormCreated',
    'A SCAN form was made of your labels',
    eventOf('scan_form.created', scanFormView),
  ),
  'pickup.scheduled': shippingDayHook(
    'pickupScheduled',
    'A pickup was booked',
    eventOf('pickup.scheduled', pickupView),
  ),
  'pickup.cancelled': shippingDayHook(
    'pickupCancelled',
    'A pickup was cancelled (its charge refunded)',
    eventOf('pickup.cancelled', pickupView),
  ),
};

/**
 * OpenAPI 3.1 of the reseller API, generated from the zod schemas its routes validate with, at
 * /api/v2/openapi.json, and the interactive reference at /api/v2/docs, served from our own origin.
 * Registered inside the /api/v2 plugin, so it only sees the reseller API's routes.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LabelPort Reseller API',
        version: '2.0.0',
        description:
          'Buy prepaid shipping labels from your balance. Authenticate with your API key in the `x-api-key` header ' +
          '(Reseller API page of the app). Errors are `{ message, errors? }`. Send an `Idempotency-Key` header on ' +
          'purchases to retry them safely: the same key and body return the first reply for 24 hours. ' +
          "A team key (Team page of the app) acts as the member who made it, with the key's role: a role that " +
          'may not call a route answers 403 naming what it cannot do (a `viewer` key reads and downloads, a ' +
          "`shipper` key also buys), and a purchase past the member's daily limit answers 402 with the limit and " +
          'what is left today. Every order and bulk order names its buyer in `createdBy: { _id, username }`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.publicUrl ? new URL('/api/v2', config.publicUrl).href : '/api/v2' }],
      tags: [
        { name: 'Label types', description: 'What you can buy and at what price' },
        { name: 'Orders', description: 'Single labels' },
        { name: 'Bulk orders', description: 'Many labels of one type in one charge' },
        { name: 'Shipping day', description: 'SCAN forms and carrier pickups of your labels' },
      ],
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      },
      security: [{ apiKey: [] }],
      // Plain JSON Schema from zod, which the document's own types do not describe.
      webhooks: WEBHOOKS as unknown as Webhooks,
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
    withShippingDayExamples(withFileResponses(app.swagger())),
  );
  // Scalar's bundled script; Scalar's own page starts it with an inline script, which our CSP forbids, so
  // /docs is our page that starts it from a script file instead (decision 101).
  app.get(
    `${DOCS}/scalar/js/scalar.js`,
    { config: { permission: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      scalarScript ??= loadScalarScript().catch((error: unknown) => {
        scalarScript = undefined;
        throw error;
      });
      return reply.header('content-type', 'application/javascript; charset=utf-8').send(await scalarScript);
    },
  );
  const page = (_request: unknown, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(DOCS_HTML);
  app.get(DOCS, { config: { permission: 'public' }, schema: { hide: true } }, page);
  app.get(`${DOCS}/`, { config: { permission: 'public' }, schema: { hide: true } }, page);
  app.get(
    `${DOCS}/start.js`,
    { config: { permission: 'public' }, schema: { hide: true } },
    async (_request, reply) => reply.header('content-type', 'text/javascript; charset=utf-8').send(START_JS),
  );
}

let scalarScript: Promise<string> | undefined;

/**
 * Scalar's script (4 MB), taken once from its Fastify plugin on the first visit to the reference: importing
 * the plugin at every start took about 160 ms of it (decision 216).
 */
async function loadScalarScript(): Promise<string> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const holder = Fastify({ logger: false });
  try {
    await holder.register(scalar, { routePrefix: '/scalar', configuration: { url: `${BASE}/openapi.json` } });
    const res = await holder.inject({ method: 'GET', url: '/scalar/js/scalar.js' });
    if (res.statusCode !== 200) throw new Error(`Scalar's script was not served: ${res.statusCode}`);
    return res.body;
  } finally {
    await holder.close();
  }
}

const DOCS = '/docs';
const BASE = '/api/v2';
const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>LabelPort Reseller API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${BASE}${DOCS}/scalar/js/scalar.js"></script>
    <script src="${BASE}${DOCS}/start.js"></script>
  </body>
</html>
`;
// No web fonts or proxy from scalar.com: everything stays on our origin, within the CSP.
const START_JS = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: `${BASE}/openapi.json`,
  withDefaultFonts: false,
  // The hosted client (client.scalar.com) is not ours; "Test Request" opens the built-in one instead.
  hideClientButton: true,
  persistAuth: false,
  // No hosted extras (AI chat, MCP, deploy links): the reference talks to this server only.
  showDeveloperTools: 'never',
  mcp: { disabled: true },
  agent: { disabled: true },
  authentication: { preferredSecurityScheme: 'apiKey' },
})});
`;

const binary = (description: string, types: string[]) => ({
  description,
  content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
});
/** Files are sent as they are, not through a zod schema, so the document gets their 200 here. */
const FILE_RESPONSES: Record<string, ReturnType<typeof binary>> = {
  '/order/download/{order_id}': binary(
    "The label as ?format= asks (else the order's label_format): PDF 4x6 or Letter, ZPL II, or PNG",
    ['application/pdf', 'application/zpl', 'image/png'],
  ),
  '/scan-forms/{id}/download': binary('The SCAN form as one PDF', ['application/pdf']),
  '/order/download-bulk-order/{bulkorder_id}': binary(
    'A zip of the label PDFs; with ?format= one merged PDF (pdf, letter), one ZPL stream (zpl) or a zip of PNGs (png)',
    ['application/zip', 'application/pdf', 'application/zpl'],
  ),
  '/order/packing-slip/{order_id}': binary(
    "The order's packing slip: PDF 4x6 (default) or on a Letter page, or ZPL II",
    ['application/pdf', 'application/zpl'],
  ),
};

function withFileResponses<T>(doc: T): T {
  const paths =
    (doc as { paths?: Record<string, { get?: { responses: Record<string, unknown> } }> }).paths ?? {};
  for (const [path, response] of Object.entries(FILE_RESPONSES)) {
    const get = paths[path]?.get;
    if (get) get.responses = { 200: response, ...get.responses };
  }
  return doc;
}
