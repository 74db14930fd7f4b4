import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * What a parcel holds (issue 46, decision 330): the items its packing slip lists and its bulk order's pick
 * list adds up, from the Amazon slips, the CSV's `ItemSku`/`ItemTitle`/`ItemQty` or API v2 `items`.
 */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    sku: text().notNull().default(''),
    title: text().notNull().default(''),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);
