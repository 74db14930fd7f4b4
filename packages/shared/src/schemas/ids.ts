import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else cannot name a row. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The flag on a failed id check: the server answers it as the route's 404, not as a 400 (decision 302). */
export const UNKNOWN_ID = 'unknownId';

/** A path id: a UUID, or the route's not-found answer (`notFound`, such as 'Order not found'). */
export const uuidParam = (notFound: string) =>
  z
    .string()
    .trim()
    .refine(isUuid, { message: notFound, params: { [UNKNOWN_ID]: true } });

/** Path params that are UUIDs, each with the text its route answers when no row can match: `uuidParams({ id: 'Order not found' })`. */
export const uuidParams = <K extends string>(notFound: Record<K, string>) =>
  z.object(
    Object.fromEntries(
      Object.entries<string>(notFound).map(([key, message]) => [key, uuidParam(message)]),
    ) as Record<K, ReturnType<typeof uuidParam>>,
  );
