import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createDatabase, type Db } from '../src/db/client.ts';
import { bulkOrderRows, bulkOrders, files, labelTypes, orders } from '../src/db/schema.ts';
import { seedLabelTypes } from '../src/db/seed.ts';
import { sampleShipment } from '../src/labels/fixtures.ts';
import { renderLabel } from '../src/labels/render-label.ts';
import { generateTracking } from '../src/labels/tracking/generate-tracking.ts';
import { hashToken, randomToken } from '../src/lib/tokens.ts';
import { insertSession } from '../src/modules/auth/sessions.repository.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for orders (about 20 a row). */
const CHUNK = 500;
const LABEL_TYPE = 'priority';

/** `count` distinct USPS label PDFs and their tracking numbers, drawn by the label engine. */
export async function drawLabels(
  count: number,
  firstSerial = 1,
): Promise<{ tracking: string; pdf: Uint8Array }[]> {
  const labels = [];
  for (let i = 0; i < count; i++) {
    const shipment = sampleShipment(LABEL_TYPE, { orderId: `LBL-${20000 + i}` });
    const tracking = generateTracking({
      labelTypeUid: LABEL_TYPE,
      destinationZip: shipment.to.zip,
      serial: BigInt(firstSerial + i),
    });
    labels.push({
      tracking: tracking.trackingNumber,
      pdf: await renderLabel(shipment, tracking, { isTestLabel: true }),
    });
  }
  return labels;
}

/**
 * A bulk order of `labels.length` completed rows written straight to the database (orders, label files,
 * rows), as the label workers would leave it: for tests and benchmarks of the downloads, without drawing
 * and charging thousands of labels first. The labels repeat when `rows` is larger than the set given.
 */
export async function insertCompletedBulkOrder(
  db: Db,
  input: { userId: string; labels: readonly { tracking: string; pdf: Uint8Array }[]; rows?: number },
): Promise<{ bulkOrderId: string; trackings: string[] }> {
  const rows = input.rows ?? input.labels.length;
  const [type] = await db
    .select({ id: labelTypes.id })
    .from(labelTypes)
    .where(eq(labelTypes.uid, LABEL_TYPE));
  const bulkOrderId = crypto.randomUUID();
  await db.insert(bulkOrders).values({
    id: bulkOrderId,
    userId: input.userId,
    labelTypeId: type!.id,
    source: 'api',
    totalOrders: rows,
    totalCents: rows * 275,
    contentHash: crypto.randomUUID(),
  });
  const trackings: string[] = [];
  for (let start = 0; start < rows; start += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, rows - start) }, (_, i) => {
      const label = input.labels[(start + i) % input.labels.length]!;
      return { n: start + i, label, fileId: crypto.randomUUID(), orderId: crypto.randomUUID() };
    });
    await db.insert(files).values(
      chunk.map((c) => ({
        id: c.fileId,
        userId: input.userId,
        name: `${c.label.tracking}.pdf`,
        contentType: 'application/pdf',
        byteSize: c.label.pdf.byteLength,
        content: Buffer.from(c.label.pdf),
      })),
    );
    await db.insert(orders).values(
      chunk.map((c) => ({
        id: c.orderId,
        batchId: bulkOrderId,
        userId: input.userId,
        labelTypeId: type!.id,
        status: 'completed' as const,
        priceCents: 275,
        weight: 3,
        fromName: 'Harbor Street Outfitters',
        fromStreet: '1200 Harbor Bay Parkway',
        fromCity: 'Alameda',
        fromState: 'CA',
        fromZip: '94502',
        toName: `Recipient ${c.n + 1}`,
        toStreet: '4821 Old Meridian Road',
        toCity: 'Indianapolis',
        toState: 'IN',
        toZip: '46240',
        tracking: c.label.tracking,
        labelFileId: c.fileId,
      })),
    );
    await db
      .insert(bulkOrderRows)
      .values(chunk.map((c) => ({ bulkOrderId, rowNumber: c.n + 2, orderId: c.orderId })));
    trackings.push(...chunk.map((c) => c.label.tracking));
  }
  return { bulkOrderId, trackings };
}

/**
 * An embedded database in `dataDir` holding one reseller with a completed bulk order of `rows` labels
 * (`distinct` label PDFs, repeated), for a real server process started on it afterwards (PGlite allows
 * one process). Returns the order, its trackings in row order, and the reseller's bearer headers.
 */
export async function prepareBulkOrderDataDir(
  dataDir: string,
  { rows, distinct }: { rows: number; distinct: number },
): Promise<{ bulkOrderId: string; trackings: string[]; headers: Record<string, string> }> {
  const database = await createDatabase({ dataDir });
  try {
    await database.migrate();
    await seedLabelTypes(database.db);
    const user = await insertUser(database.db, {
      username: 'Bulk Reseller',
      discordId: `bulk_${crypto.randomBytes(4).toString('hex')}`,
      passwordHash: 'not-a-hash',
      apiKeyHash: crypto.randomUUID(),
      apiKeyCipher: 'unused',
    });
    const labels = await drawLabels(distinct);
    const order = await insertCompletedBulkOrder(database.db, { userId: user!.id, labels, rows });
    const token = randomToken();
    await insertSession(database.db, {
      userId: user!.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
      userAgent: 'test',
      ip: '127.0.0.1',
    });
    return { ...order, headers: { authorization: `Bearer ${token}` } };
  } finally {
    await database.close();
  }
}
