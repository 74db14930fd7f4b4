import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, ledgerEntries, orders } from '../../db/schema.ts';
import { objectKeyOf } from '../../files/index.ts';
import { LABEL_RETENTION_QUEUE, startWorkers } from '../../jobs/index.ts';
import { adminCall, apiCall, appCall } from '../../../test/api-fixtures.ts';
import { apiReseller, signUpStaff, type ApiReseller } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  labelTypeIds,
  orderBody,
  placeOrder,
  waitFor,
  waitForLabelJobs,
} from '../../../test/order-fixtures.ts';
import { keysIn, startS3, type TestS3 } from '../../../test/s3-server.ts';
import { LABEL_RETENTION_CRON, startHousekeeping } from './housekeeping.jobs.ts';
import { runLabelRetention } from './label-retention.service.ts';

const DAY_MS = 24 * 60 * 60_000;
const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** Label file retention (issue 48, decision 336) on each store, with the clock handed to the job. */
describe.each(['db', 's3'] as const)('label file retention on the %s store', (kind) => {
  let app: TestApp;
  let s3: TestS3 | null = null;
  let reseller: ApiReseller;
  let staff: Awaited<ReturnType<typeof signUpStaff>>;
  let groundOz: string;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3('retention-files');
    app = await createTestApp({ env: s3?.env ?? {} });
    await startWorkers(app.ctx);
    reseller = await apiReseller(app, 100_00);
    staff = await signUpStaff(app);
    groundOz = (await labelTypeIds(app, reseller.headers)).ground_oz!;
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    await s3?.close();
  });

  const labelOf = async (id: string) => {
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, id));
    const [file] = await app.ctx.db.select().from(files).where(eq(files.id, order!.labelFileId!));
    return { order: order!, file: file! };
  };
  const download = (id: string) => appCall(app, reseller.headers, 'GET', `/order/download/${id}`);

  it('keeps label files 180 days unless staff set otherwise (audited), then removes them from the store: the order, its tracking and its money stay, and a download says so with 410', async () => {
    const id = await placeOrder(app, reseller.headers, orderBody(groundOz));
    await waitForLabelJobs(app);
    const made = await labelOf(id);
    expect(made.order.status).toBe('completed');
    expect((await download(id)).statusCode).toBe(200);
    if (s3) expect(await keysIn(s3.bucket)).toContain(objectKeyOf(made.file.id));
    const ledger = () => app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, reseller.id));
    const ledgerBefore = await ledger();

    const settings = await adminCall(app, staff.headers, 'GET', '/settings');
    expect(settings.json().labelFileRetentionDays).toBe(180);
    // Day 179: kept.
    expect(await runLabelRetention(app.ctx, daysAfter(made.file.createdAt, 179))).toBe(0);
    expect((await download(id)).statusCode).toBe(200);

    const tooShort = await adminCall(app, staff.headers, 'PUT', '/settings', { labelFileRetentionDays: 7 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Keep label files for at least 30 days');
    const saved = await adminCall(app, staff.headers, 'PUT', '/settings', { labelFileRetentionDays: 365 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().labelFileRetentionDays).toBe(365);
    const [audit] = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, staff.id)));
    expect(audit).toMatchObject({
      before: { labelFileRetentionDays: 180 },
      after: { labelFileRetentionDays: 365 },
    });
    // Day 200: within the 365 days staff chose.
    expect(await runLabelRetention(app.ctx, daysAfter(made.file.createdAt, 200))).toBe(0);

    const removedOn = daysAfter(made.file.createdAt, 366);
    expect(await runLabelRetention(app.ctx, removedOn)).toBe(1);
    const after = await labelOf(id);
    expect(after.file).toMatchObject({ content: null, storageKey: null, removedAt: removedOn });
    expect(after.order).toMatchObject({
      status: 'completed',
      tracking: made.order.tracking,
      priceCents: made.order.priceCents,
      labelFileId: made.file.id,
    });
    expect(await ledger()).toEqual(ledgerBefore);
    if (s3) expect(await keysIn(s3.bucket)).not.toContain(objectKeyOf(made.file.id));

    const message = `This label file was removed on ${removedOn.toISOString().slice(0, 10)}: label files are kept for 365 days. The order and its tracking are still here.`;
    for (const format of ['', '?format=letter', '?format=zpl']) {
      const gone = await appCall(app, reseller.headers, 'GET', `/order/download/${id}${format}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ message });
    }
    const viaApi = await apiCall(app, reseller.apiKey, 'GET', `/order/download/${id}`);
    expect(viaApi.statusCode).toBe(410);
    expect(viaApi.json()).toMatchObject({ message });
    // The order still reads as it did.
    const read = await appCall(app, reseller.headers, 'GET', `/order/read/${id}`);
    expect(read.json().order).toMatchObject({ status: 'completed', tracking: made.order.tracking });
    // A second run finds nothing more to remove.
    expect(await runLabelRetention(app.ctx, daysAfter(removedOn, 1))).toBe(0);

    // Several labels in one download leave the removed ones out, in every format; only removed ones: 410.
    const fresh = await placeOrder(app, reseller.headers, orderBody(groundOz));
    await waitForLabelJobs(app);
    const selected = (ids: string[]) =>
      appCall(app, reseller.headers, 'POST', '/order/download-selected?format=zpl', { ids });
    const mixed = await selected([id, fresh]);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.body.match(/\^XA/g)).toHaveLength(1);
    const onlyRemoved = await selected([id]);
    expect(onlyRemoved.statusCode).toBe(410);
    expect(onlyRemoved.json().message).toBe(
      'The files of the selected labels were removed: label files are kept for 365 days. The orders and their tracking are still here.',
    );
  });
});

describe('the label file retention job', () => {
  it('runs daily through its queue and removes label files older than the days staff set', async () => {
    const app = await createTestApp();
    try {
      await startWorkers(app.ctx);
      await startHousekeeping(app.ctx);
      const reseller = await apiReseller(app, 100_00);
      const groundOz = (await labelTypeIds(app, reseller.headers)).ground_oz!;
      const id = await placeOrder(app, reseller.headers, orderBody(groundOz));
      await waitForLabelJobs(app);
      const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, id));
      // Made 181 days ago, as far as the job can tell.
      await app.ctx.db
        .update(files)
        .set({ createdAt: new Date(Date.now() - 181 * DAY_MS) })
        .where(eq(files.id, order!.labelFileId!));
      expect(LABEL_RETENTION_CRON).toBe('40 3 * * *');
      await app.ctx.db.transaction((tx) => app.ctx.jobs.sendInTransaction(tx, LABEL_RETENTION_QUEUE, [{}]));
      app.ctx.jobs.wake(LABEL_RETENTION_QUEUE);
      await waitFor(
        () =>
          app.ctx.db
            .select({ removedAt: files.removedAt })
            .from(files)
            .where(eq(files.id, order!.labelFileId!)),
        ([file]) => file?.removedAt != null,
      );
      expect((await appCall(app, reseller.headers, 'GET', `/order/download/${id}`)).statusCode).toBe(410);
    } finally {
      await app.close();
    }
  });
});
