/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, or the route to
 * it lost), rather than a fault of the statement: the request then answers 503 and may be tried again.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own: class 08 (connection exception), and the server shutting down, crashed, or still
 * starting (57P01, 57P02, 57P03).
 */
const isUnavailableState = (code: string): boolean => code.startsWith('08') || /^57P0[123]$/.test(code);

/** What the `pg` driver says when a connection ended under a query or cannot take one. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as the cause of its own; a connection refused on every address of
  // a name comes as an AggregateError of them.
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
    if (DRIVER_MESSAGES.some((message) => e instanceof Error && e.message.startsWith(message))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
