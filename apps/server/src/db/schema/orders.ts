import { sql } from 'drizzle-orm';
import { LABEL_FORMATS, TRACKING_STATUSES } from '@portal/shared';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { labelTypes, users } from './core.ts';
import { ownedBy } from './owned-by.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Human order numbers (`LBL-10001`) and the unique serials the label engine turns into tracking numbers. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });
export const trackingSerialSeq = pgSequence('tracking_serial_seq', { startWith: 1 });

/** Saved addresses of a reseller (always in the US). */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: ownedBy('cascade'),
    name: text().notNull(),
    company: text().notNull().default(''),
    street: text().notNull(),
    street2: text().notNull().default(''),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    country: text().notNull().default('US'),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

/** Stored files (label PDFs and generated files) behind the FileStore interface; see decision 041. */
export const files = pgTable(
  'files',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    /** The bytes, on the database store; null when they are in object storage or were removed (decision 335). */
    content: bytea(),
    /** The object's key in the bucket (FILE_STORE=s3). */
    storageKey: text(),
    /** Hex sha-256 of the bytes. */
    sha256: text(),
    /** When retention removed the bytes (a label file past its days): the row and its order stay. */
    removedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_user_idx').on(t.userId),
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
    index('files_kept_created_idx')
      .on(t.createdAt)
      .where(sql`${t.removedAt} IS NULL`),
    check(
      'files_bytes_somewhere',
      sql`${t.content} IS NOT NULL OR ${t.storageKey} IS NOT NULL OR ${t.removedAt} IS NOT NULL`,
    ),
  ],
);

export const ORDER_STATUS_VALUES = ['pending', 'processing', 'completed', 'cancelled'] as const;

/** One label each; quantity N makes N rows that share `batchId` (the API's `uuid`). */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    trackingSerial: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('tracking_serial_seq')`),
    /** The team member who bought it, and their name then (issue 45, migration 0044). */
    createdById: uuid(),
    createdByName: text().notNull().default(''),
    /** The API key it was bought with, if any. */
    createdByKeyId: uuid(),
    batchId: uuid().notNull(),
    userId: ownedBy('restrict'),
    labelTypeId: uuid()
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'restrict' }),
    status: text({ enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
    priceCents: bigint({ mode: 'number' }).notNull(),
    weight: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    height: numeric({ precision: 10, scale: 2, mode: 'number' }),
    width: numeric({ precision: 10, scale: 2, mode: 'number' }),
    length: numeric({ precision: 10, scale: 2, mode: 'number' }),
    design: text(),
    signature: boolean().notNull().default(false),
    fromName: text().notNull(),
    fromCompany: text().notNull().default(''),
    fromStreet: text().notNull(),
    fromStreet2: text().notNull().default(''),
    fromCity: text().notNull(),
    fromState: text().notNull(),
    fromZip: text().notNull(),
    fromCountry: text().notNull().default('US'),
    fromPhone: text().notNull().default(''),
    toName: text().notNull(),
    toCompany: text().notNull().default(''),
    toStreet: text().notNull(),
    toStreet2: text().notNull().default(''),
    toCity: text().notNull(),
    toState: text().notNull(),
    toZip: text().notNull(),
    toCountry: text().notNull().default('US'),
    toPhone: text().notNull().default(''),
    tracking: text(),
    /** Where the parcel is (issue 36); null before a label exists, `pre_transit` once it does. */
    trackingStatus: text({ enum: TRACKING_STATUSES }),
    /** When a tracking source last told us something new. */
    trackingUpdatedAt: timestamp({ withTimezone: true }),
    labelFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /** Why its label was not bought, as the reseller reads it (a plain reason; decision 314). */
    failureReason: text(),
    /** What the provider said when it could not make the label: staff only (decision 314). */
    providerNote: text(),
    /** The upstream provider the label was bought from (null: test mode); FK in migration 0024. */
    providerId: uuid(),
    /** What the label cost us, in cents (null: test mode, or not bought yet). */
    costCents: bigint({ mode: 'number' }),
    /** The label format asked for at purchase (API v2 `label_format`); null: the reseller's default. */
    labelFormat: text({ enum: LABEL_FORMATS }),
    labelDpi: integer(),
    /** Where its refund stands (decision 280): requested, submitted, refunded or rejected; null: never asked. */
    refundStatus: text({ enum: ['requested', 'submitted', 'refunded', 'rejected'] }),
    /** Why the last refund was rejected (by staff, or a plain reason when the provider refused). */
    refundNote: text(),
    /** What the provider said when it refused the last void: staff only (decision 314). */
    voidNote: text(),
    /** The reason given for the refund in progress: the ledger note, webhook and mail once it is credited. */
    refundReason: text(),
    /** The staff member who asked for the refund in progress (null: the reseller's API or a job). */
    refundAskedBy: uuid(),
    /** When its label's void was claimed (set while the provider is asked and until it answers). */
    voidRequestedAt: timestamp({ withTimezone: true }),
    /** The provider's id of the refund (Shippo's refund object), when it has one of its own. */
    voidUpstreamId: text(),
    /** How often the provider was asked about the void, for the poller's backoff. */
    voidChecks: integer().notNull().default(0),
    /** When the poller asks the provider about the void next (null: no void waiting for an answer). */
    voidCheckAt: timestamp({ withTimezone: true }),
    /**
     * The caller's own reference (API v2 `create-order` `reference`): `read-orders?reference=` finds the
     * order by it after its Idempotency-Key expired (decision 315).
     */
    reference: text(),
    /** The declared value in cents the reseller insured the parcel for (null: not insured; decision 330). */
    insuredValueCents: bigint({ mode: 'number' }),
    /** What the insurance cost the reseller, in cents, part of `priceCents` (null: not insured). */
    insuranceCents: bigint({ mode: 'number' }),
    /** Where the insurance was bought: `test` (test mode, recorded only) or `bought` with the label upstream. */
    insuranceStatus: text({ enum: ['test', 'bought'] }),
    /** The order this is the return label of (decision 331); FK and one return per order in migration 0047. */
    returnOf: uuid(),
    /** Where the order was bought: the app, or the reseller API (`/api/v2`). */
    source: text({ enum: ['app', 'api'] })
      .notNull()
      .default('app'),
    /** Words of the OrderId, names and tracking number for search; see decision 042. */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        // 'lbl ' + number, not 'lbl-' + number: the parser would read "-10042" as a negative integer.
        sql`to_tsvector('simple'::regconfig, 'lbl ' || order_number::text || ' ' || from_name || ' ' || to_name || ' ' || coalesce(tracking, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_idx').on(t.orderNumber),
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.orderNumber),
    // The console's list of every reseller's orders, newest first (decision 210).
    index('orders_created_idx').on(t.createdAt, t.orderNumber),
    index('orders_user_status_created_idx').on(t.userId, t.status, t.createdAt, t.orderNumber),
    index('orders_search_idx').using('gin', t.searchVector),
    index('orders_batch_idx').on(t.batchId),
    index('orders_label_file_idx').on(t.labelFileId),
    index('orders_user_reference_idx')
      .on(t.userId, t.reference)
      .where(sql`${t.reference} is not null`),
    index('orders_user_tracking_created_idx')
      .on(t.userId, t.trackingStatus, t.createdAt, t.orderNumber)
      .where(sql`${t.trackingStatus} is not null`),
    index('orders_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('orders_void_check_idx')
      .on(t.voidCheckAt)
      .where(sql`${t.voidCheckAt} is not null`),
    check(
      'orders_refund_status_check',
      sql`${t.refundStatus} is null or ${t.refundStatus} in ('requested', 'submitted', 'refunded', 'rejected')`,
    ),
  ],
);

/**
 * Orders per status, as every table of kept counts holds them: `order_stats`, `order_day_counts` and
 * `bulk_order_counts`.
 */
export const statusCounts = () => ({
  pending: bigint({ mode: 'number' }).notNull().default(0),
  processing: bigint({ mode: 'number' }).notNull().default(0),
  completed: bigint({ mode: 'number' }).notNull().default(0),
  cancelled: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Order counts per reseller and status, kept by statement-level triggers on `orders` (migration
 * 0004): the history's `total` and the dashboard's count without counting 100,000 rows (decision 042).
 */
export const orderStats = pgTable('order_stats', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...statusCounts(),
  /**
   * Goes up with every statement that changes what the reseller's order pages show: their orders, their
   * refund requests, a label type's name, the refund window (migrations 0016 and 0021). A search's count
   * or a page remembered at one version is still right at that version.
   */
  version: bigint({ mode: 'number' }).notNull().default(0),
});
