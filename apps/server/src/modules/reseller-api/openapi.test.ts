import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

const run = promisify(execFile);
const redocly = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/redocly');

describe('OpenAPI document and interactive reference of /api/v2', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    app = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-'));
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('publishes OpenAPI 3.1 of every reseller route, without a key, and it lints clean', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/labeltype/read-types',
      '/order/create-bulk-order',
      '/order/create-order',
      '/order/download-bulk-order/{bulkorder_id}',
      '/order/download/{order_id}',
      '/order/packing-slip/{order_id}',
      '/order/quote',
      '/order/read-bulk-order/{bulkorder_id}',
      '/order/read-order/{order_id}',
      '/order/read-orders',
      '/order/refund-order/{order_id}',
      '/order/return/{order_id}',
      '/pickup',
      '/pickup/{id}',
      '/pickups',
      '/scan-form',
      '/scan-forms',
      '/scan-forms/{id}/download',
      '/webhooks',
      '/webhooks/{id}',
      '/webhooks/{id}/deliveries',
      '/webhooks/{id}/deliveries/{deliveryId}/resend',
      '/webhooks/{id}/secret',
      '/webhooks/{id}/test',
    ]);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    // Generated from the routes' zod schemas: the create-order body carries the app's field names.
    const create = doc.paths['/order/create-order'].post;
    expect(Object.keys(create.requestBody.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    const props = create.requestBody.content['application/json'].schema.properties;
    expect(props).toHaveProperty('FromZip');
    expect(props).toHaveProperty('Date');
    // Issue 46: a declared value and the parcel's items, each with an example.
    expect(props.insured_value.examples).toEqual([250]);
    expect(props.items.examples[0][0]).toEqual({ sku: 'WB-32', title: 'Water Bottle 32 oz', quantity: 2 });
    const returned = doc.paths['/order/return/{order_id}'].post;
    expect(Object.keys(returned.responses)).toEqual(expect.arrayContaining(['201', '402', '409']));
    expect(doc.paths['/order/packing-slip/{order_id}'].get.responses['200'].content).toHaveProperty(
      'application/zpl',
    );
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '402', '409', '422', '429']),
    );
    expect(doc.paths['/order/create-bulk-order'].get).toBeUndefined();

    // SCAN forms and pickups (issue 46) carry examples of what they take and answer.
    const scanForm = doc.paths['/scan-form'].post;
    expect(scanForm.requestBody.content['application/json'].example).toHaveProperty('orderIds');
    expect(scanForm.responses['201'].content['application/json'].example.scanForm).toHaveProperty(
      'trackingNumbers',
    );
    const pickup = doc.paths['/pickup'].post;
    expect(pickup.requestBody.content['application/json'].example).toHaveProperty('minDatetime');
    expect(
      doc.paths['/pickup/{id}'].delete.responses['200'].content['application/json'].example.pickup.status,
    ).toBe('cancelled');

    // The SCAN form and pickup events carry the form or pickup as the API answers it.
    expect(Object.keys(doc.webhooks)).toEqual(
      expect.arrayContaining(['scan_form.created', 'pickup.scheduled', 'pickup.cancelled']),
    );
    const formEvent = doc.webhooks['scan_form.created'].post.requestBody.content['application/json'].schema;
    expect(formEvent.properties.data.required).toEqual(
      expect.arrayContaining(['trackingNumbers', 'shipDate']),
    );

    // The tracking webhook says which events are new in it, and that each is sent once (issue 51).
    const tracking = doc.webhooks['order.tracking_updated'].post;
    expect(tracking.description).toContain('`newEvents` lists exactly the events this message is about');
    expect(tracking.description).toContain('never two');
    const data = tracking.requestBody.content['application/json'].schema.properties.data;
    expect(data.required).toEqual(expect.arrayContaining(['newEvents', 'trackingEvents', 'trackingStatus']));
    expect(data.properties.newEvents.items.properties).toHaveProperty('status');

    // Card and other hosted deposits tell the reseller's systems of each move and the new balance (issue 44).
    for (const type of ['deposit.credited', 'deposit.reversed']) {
      const deposit = doc.webhooks[type].post;
      const body = deposit.requestBody.content['application/json'].schema.properties.data;
      expect(body.required).toEqual(expect.arrayContaining(['invoice', 'amount', 'balance']));
      expect(deposit.description).toContain('may be negative after a dispute');
    }

    const file = path.join(dir, 'openapi.json');
    await fs.writeFile(file, res.body);
    const lint = await run(redocly, ['lint', file, '--format=stylish'], {
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
    }).catch((error: { stdout: string; stderr: string }) => error);
    const output = `${lint.stdout}\n${lint.stderr}`;
    expect(output).toMatch(/Your API description is valid/);
    expect(output).not.toMatch(/\d+:\d+\s+(warning|error)/);
    expect(output).not.toMatch(/You have \d+ warning/);
  }, 60_000);

  it('serves the interactive reference from our origin within the CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/v2/docs' });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs!)![1]!;
      expect(src.startsWith('/api/v2/docs/')).toBe(true);
      const js = await app.inject({ method: 'GET', url: src });
      expect(js.statusCode, src).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      if (src.includes('/scalar/')) expect(js.body).toContain('createApiReference');
    }
    const start = await app.inject({ method: 'GET', url: '/api/v2/docs/start.js' });
    expect(start.body).toContain('"url":"/api/v2/openapi.json"');
    expect(start.body).toContain('"withDefaultFonts":false');
  });
});
