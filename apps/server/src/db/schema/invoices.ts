import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';
import { paymentProviders } from './payments.ts';
import { ownedBy } from './owned-by.ts';

export const INVOICE_METHODS = ['cashapp', 'paypal', 'stripe', 'manual'] as const;
export const INVOICE_STATUSES = ['pending', 'cancelled', 'completed'] as const;

/**
 * A deposit the reseller asked to make. It stays pending until staff match the money (by its `note`, which
 * the reseller writes on the payment) and approve it, which credits the balance once, or cancel it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy('restrict'),
    amountCents: bigint({ mode: 'number' }).notNull(),
    paymentMethod: text({ enum: INVOICE_METHODS }).notNull(),
    status: text({ enum: INVOICE_STATUSES }).notNull().default('pending'),
    /** Short code such as `LP-7K3Q9` the reseller writes in the payment's note. */
    note: text().notNull(),
    /**
     * The current receipt: the payment's transaction id as the reseller gave it last (upper case). Every
     * receipt ever given is kept in `invoice_receipts`; approval names the one staff checked.
     */
    receipt: text(),
    /** The CashApp receipt link, when the reseller gave one. */
    receiptUrl: text(),
    receiptAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A deposit paid on a payment company's hosted page (migration 0040, decision 323); null: manual. */
    providerId: uuid().references(() => paymentProviders.id, { onDelete: 'restrict' }),
    /** The company's id of the checkout (Stripe Checkout Session, PayPal order, Square order). */
    reference: text(),
    hostedUrl: text(),
    /** What the payer is charged: the amount plus any surcharge. */
    chargeCents: bigint({ mode: 'number' }),
    feeCents: bigint({ mode: 'number' }),
    /** The company's risk outcome (Stripe Radar's `risk_level`). */
    risk: text(),
    /** The id a refund or dispute names (Stripe PaymentIntent, PayPal capture, Square payment). */
    captureId: text(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Why a captured payment was not credited (another amount or currency): staff look at it. */
    reviewReason: text(),
    refundId: text(),
    refundedAt: timestamp({ withTimezone: true }),
    disputeStatus: text({ enum: ['open', 'won', 'lost'] }),
  },
  (t) => [
    uniqueIndex('invoices_note_idx').on(t.note),
    uniqueIndex('invoices_receipt_idx').on(t.receipt),
    index('invoices_user_idx').on(t.userId, t.createdAt),
    index('invoices_status_idx').on(t.status, t.createdAt),
    check('invoices_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every receipt a reseller gave for an invoice, kept after a newer one replaces it, so staff see the history
 * and a receipt once given for one invoice can never move to another.
 */
export const invoiceReceipts = pgTable(
  'invoice_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    receipt: text().notNull(),
    receiptUrl: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_receipts_receipt_idx').on(t.receipt),
    index('invoice_receipts_invoice_idx').on(t.invoiceId, t.submittedAt),
  ],
);
