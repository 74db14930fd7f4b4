import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * One more hit on `key`: the count in its current window and the ms left in it. A window opens at the
 * key's first hit and lasts `windowMs` (the rule of @fastify/rate-limit's own store, kept for every limit).
 */
export type HitCounter = (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;

/** The counts in this process's memory: enough when one process serves every request. */
export function memoryHitCounter(): HitCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return async (key, windowMs) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  };
}

/** The same rule in `rate_limit_hits`: one atomic upsert per hit, on the database's clock (one instant per statement). */
export function postgresHitCounter(db: Database['db']): HitCounter {
  return async (key, windowMs) => {
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const result = (await db.execute(sql`
      INSERT INTO rate_limit_hits AS r (key, window_start, expires_at, hits)
      VALUES (${key}, statement_timestamp(), statement_timestamp() + ${window}, 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.expires_at <= statement_timestamp() THEN 1 ELSE r.hits + 1 END,
        window_start = CASE WHEN r.expires_at <= statement_timestamp() THEN statement_timestamp() ELSE r.window_start END,
        expires_at = CASE WHEN r.expires_at <= statement_timestamp() THEN statement_timestamp() + ${window} ELSE r.expires_at END
      RETURNING hits, ceil(extract(epoch FROM r.expires_at - statement_timestamp()) * 1000)::integer AS ttl
    `)) as unknown as { rows: { hits: number; ttl: number }[] };
    const row = result.rows[0]!;
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) };
  };
}

/**
 * The counter for this database: in memory on the embedded database (one process owns it, and a write per
 * request through PGlite's single connection would queue behind every other query), in the shared table on
 * PostgreSQL, where several server processes may answer for the same clients.
 */
export const hitCounterFor = (database: Database): HitCounter =>
  database.kind === 'postgres' ? postgresHitCounter(database.db) : memoryHitCounter();

/**
 * A @fastify/rate-limit store over a HitCounter. Each route limit gets its own key space (`child`), as the
 * plugin's own stores do, so a tighter route limit does not spend the global budget twice.
 */
export function rateLimitStore(counter: HitCounter): FastifyRateLimitStoreCtor {
  const make = (prefix: string): FastifyRateLimitStore => ({
    incr: (key, callback, timeWindow) => {
      counter(`${prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    },
    // The plugin passes the route as `routeInfo` (empty for a limiter made by `app.rateLimit()`).
    child: (options) => {
      const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return make(`${prefix}${String(route.method ?? '')}${route.url ?? ''}:`);
    },
  });
  return function Store() {
    return make('');
  } as unknown as FastifyRateLimitStoreCtor;
}
