import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { apiCall, appCall } from '../../../test/api-fixtures.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { labelTypeIds, orderBody, placeOrder, waitForLabelJobs } from '../../../test/order-fixtures.ts';
import { startS3, type TestS3 } from '../../../test/s3-server.ts';

/** S3_PRESIGN_DOWNLOADS=1 (decision 335): a label PDF download is a redirect to a short-lived bucket address. */
describe('label downloads from the bucket, presigned', () => {
  let app: TestApp;
  let s3: TestS3;
  let reseller: ApiReseller;
  let id: string;

  beforeAll(async () => {
    s3 = await startS3('presigned-files');
    app = await createTestApp({ env: { ...s3.env, S3_PRESIGN_DOWNLOADS: '1' } });
    await startWorkers(app.ctx);
    reseller = await apiReseller(app, 100_00);
    const groundOz = (await labelTypeIds(app, reseller.headers)).ground_oz!;
    id = await placeOrder(app, reseller.headers, orderBody(groundOz));
    await waitForLabelJobs(app);
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('redirects a PDF download, in the app and the API, to a 60-second address that serves the file under its tracking name', async () => {
    const { tracking } = (await appCall(app, reseller.headers, 'GET', `/order/read/${id}`)).json().order as {
      tracking: string;
    };
    for (const answer of [
      await appCall(app, reseller.headers, 'GET', `/order/download/${id}`),
      await apiCall(app, reseller.apiKey, 'GET', `/order/download/${id}`),
    ]) {
      expect(answer.statusCode).toBe(302);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const location = String(answer.headers.location);
      expect(location.startsWith(`${s3.settings.endpoint}/presigned-files/files/`)).toBe(true);
      expect(location).toContain('X-Amz-Expires=60');
      const file = await fetch(location);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${tracking}.pdf"`);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // Another format is made here from the stored PDF and sent as before.
    const letter = await appCall(app, reseller.headers, 'GET', `/order/download/${id}?format=letter`);
    expect(letter.statusCode).toBe(200);
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("lets the web app's downloads follow the redirect to the bucket", async () => {
    const page = await app.inject({ method: 'GET', url: '/healthz' });
    expect(String(page.headers['content-security-policy'])).toMatch(
      new RegExp(`connect-src [^;]*${s3.settings.endpoint!.replace(/[.]/g, '\\.')}`),
    );
  });
});
