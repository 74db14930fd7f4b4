import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy or a caller may pass as X-Request-Id: short, and safe to print in a log line. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * A request's id: the X-Request-Id a proxy in front already gave it (so both logs share one id),
 * else a new UUID. Anything longer or stranger than an id is replaced, never logged.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
