import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's id: a random UUID the database draws when the row is written without one. */
export const id = () => uuid().primaryKey().defaultRandom();

/** When a row was written (or, as `updatedAt`, last changed): a time with its zone, now by default. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
