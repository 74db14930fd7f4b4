import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { claimKey, findKey, releaseKey, storeReply } from './idempotency.repository.ts';

/** How long a key and its first reply are kept per reseller. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const IDEMPOTENCY_KEY_RULE = 'Idempotency-Key must be 1 to 255 visible characters without spaces';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type Reply = { status: number; body: unknown };

/** The optional `Idempotency-Key` header of a purchase; a malformed one is a 400, never ignored. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  const key = typeof value === 'string' ? value.trim() : null;
  if (!key || !KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_KEY_RULE);
  return key;
}

/** Same JSON whatever the key order, so a re-sent body matches however the client serialized it. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
};

/** What makes two requests "the same": the route and its validated input. */
export const requestHashOf = (route: string, input: unknown): string =>
  crypto
    .createHash('sha256')
    .update(`${route}\n${JSON.stringify(canonical(input))}`)
    .digest('hex');

/** How long a retry waits for the first request with its key to finish before it is told 409. */
const WAIT_FOR_FIRST_MS = 3_000;

/** The reply held by a key: its first reply again, 422 for another request, 409 while still running. */
async function replayOf(
  ctx: AppContext,
  key: { userId: string; key: string },
  requestHash: string,
): Promise<(Reply & { replayed: boolean }) | 'released'> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const held = await findKey(ctx.db, key);
    // The first request failed and freed the key: this one may claim it and try.
    if (!held) return 'released';
    if (held.requestHash !== requestHash)
      throw new AppError(
        'UNPROCESSABLE',
        'This Idempotency-Key was already used for a different request; use a new key for a new purchase',
      );
    if (held.status === 'done' && held.responseStatus !== null)
      return { status: held.responseStatus, body: held.responseBody, replayed: true };
    // Still running: a short wait usually sees the first reply.
    if (Date.now() > deadline)
      throw new AppError(
        'CONFLICT',
        'A request with this Idempotency-Key is still being processed, please retry',
        {
          headers: { 'retry-after': '1' },
        },
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The one `Idempotency-Key` implementation of every purchase (decision 100). Without a key the purchase
 * simply runs. With one, the key is claimed in its own statement first: a claim that already holds a
 * reply answers with it again (nothing is bought), one for a different request is a 422, and one still
 * running after a short wait is a 409. A purchase that fails frees its claim (nothing was charged),
 * so a retry runs it again.
 */
export async function runIdempotent(
  ctx: AppContext,
  q: { userId: string; key: string | null; requestHash: string },
  purchase: () => Promise<Reply>,
): Promise<Reply & { replayed: boolean }> {
  if (!q.key) return { ...(await purchase()), replayed: false };
  const key = { userId: q.userId, key: q.key };
  for (;;) {
    const claimed = await claimKey(ctx.db, {
      ...key,
      requestHash: q.requestHash,
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
    });
    if (claimed) break;
    const held = await replayOf(ctx, key, q.requestHash);
    if (held !== 'released') return held;
  }
  let reply: Reply;
  try {
    reply = await purchase();
  } catch (error) {
    await releaseKey(ctx.db, key).catch((e: unknown) =>
      ctx.log.error(e, 'releasing an idempotency key failed'),
    );
    throw error;
  }
  await storeReply(ctx.db, { ...key, ...reply });
  return { ...reply, replayed: false };
}

/** Runs a purchase route's work under its Idempotency-Key and sends the (first) reply. */
export async function sendIdempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  q: { userId: string; input: unknown },
  purchase: () => Promise<Reply>,
): Promise<FastifyReply> {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const result = await runIdempotent(
    ctx,
    {
      userId: q.userId,
      key: idempotencyKeyOf(request),
      requestHash: requestHashOf(route, { params: request.params, input: q.input }),
    },
    purchase,
  );
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
