import crypto from 'node:crypto';
import { IDEMPOTENCY_KEY_HOURS } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { InTransaction } from '../purchases/purchases.service.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { claimKey, findKey, releaseKey, renewClaim, storeReply } from './idempotency.repository.ts';

/** How long a key and its first reply are kept per reseller. */
export const IDEMPOTENCY_TTL_SECONDS = IDEMPOTENCY_KEY_HOURS * 60 * 60;
/**
 * How long an `in_progress` claim holds its key without being renewed; its request renews it every third
 * of this while its purchase runs (decision 316). A claim that lapsed is taken over by a retry: its
 * request died or lost the database, and the reply commits with the charge, so nothing was bought; a
 * purchase that was merely slow rolls back at its charge (decision 267).
 */
export const IDEMPOTENCY_CLAIM_LEASE_SECONDS = 10;
/** How often a failed request tries again to free its claim while the database cannot be reached. */
const RELEASE_RETRY_MS = 250;
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

const takenOver = () =>
  new AppError(
    'CONFLICT',
    'A retry with this Idempotency-Key took over this request; its reply tells what was bought',
  );

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
 * The one `Idempotency-Key` implementation of every purchase (decisions 100 and 152). Without a key the
 * purchase simply runs. With one, the key is claimed in its own statement first: a claim that already
 * holds a reply answers with it again (nothing is bought), one for a different request is a 422, and
 * one still running after a short wait is a 409. The purchase gets an `inTransaction` hook that stores
 * its reply in the charge's own transaction, so a crash after the charge still leaves the reply for the
 * retry. A purchase that fails frees its claim (nothing was charged), so a retry runs it again; one
 * whose process died (or lost the database) is taken over once its claim's lease lapses (decision 316).
 * Each claim carries a token the charge's transaction checks, so a purchase merely slower than its lease
 * rolls back instead of charging twice (decision 267).
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  options: { userId: string; key: string | null; requestHash: string; status: number },
  purchase: (inTransaction: InTransaction<T> | undefined) => Promise<T>,
): Promise<Reply & { replayed: boolean }> {
  if (!options.key) return { status: options.status, body: await purchase(undefined), replayed: false };
  let key: { userId: string; key: string; claimToken: string };
  for (;;) {
    const claimToken = await claimKey(ctx.db, {
      userId: options.userId,
      key: options.key,
      requestHash: options.requestHash,
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
      leaseSeconds: IDEMPOTENCY_CLAIM_LEASE_SECONDS,
    });
    if (claimToken) {
      key = { userId: options.userId, key: options.key, claimToken };
      break;
    }
    const held = await replayOf(ctx, { userId: options.userId, key: options.key }, options.requestHash);
    if (held !== 'released') return held;
  }
  let stored = false;
  let body: T;
  const renewing = setInterval(
    () => void renewClaim(ctx.db, { ...key, leaseSeconds: IDEMPOTENCY_CLAIM_LEASE_SECONDS }).catch(() => {}),
    (IDEMPOTENCY_CLAIM_LEASE_SECONDS * 1000) / 3,
  ).unref();
  try {
    body = await purchase(async (tx, result) => {
      // A retry took over a claim it thought lapsed: this charge rolls back, the retry's purchase stands.
      if (!(await storeReply(tx, { ...key, status: options.status, body: result }))) throw takenOver();
      stored = true;
    });
  } catch (error) {
    clearInterval(renewing);
    await releaseClaim(ctx, key);
    throw error;
  } finally {
    clearInterval(renewing);
  }
  // Every purchase stores its reply in its transaction; this only covers one that bought nothing.
  if (!stored && !(await storeReply(ctx.db, { ...key, status: options.status, body }))) throw takenOver();
  return { status: options.status, body, replayed: false };
}

/**
 * Frees a failed request's claim; only its own `in_progress` claim, so a reply committed with the charge
 * stays for the retry. While the database cannot be reached (most likely why the purchase failed) it
 * tries again in the background until it can or the claim has lapsed anyway, so a retry once the
 * database is back need not wait for the lease (decision 316).
 */
async function releaseClaim(ctx: AppContext, key: { userId: string; key: string; claimToken: string }) {
  const until = Date.now() + IDEMPOTENCY_CLAIM_LEASE_SECONDS * 1000;
  const release = async (): Promise<void> => {
    try {
      await releaseKey(ctx.db, key);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) ctx.log.error(error, 'releasing an idempotency key failed');
      else if (Date.now() < until) setTimeout(() => void release(), RELEASE_RETRY_MS).unref();
    }
  };
  await release();
}

/** Runs a purchase route's work under its Idempotency-Key and sends the (first) reply with `status`. */
export async function sendIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; input: unknown; status: number },
  purchase: (inTransaction: InTransaction<T> | undefined) => Promise<T>,
): Promise<FastifyReply> {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const result = await runIdempotent(
    ctx,
    {
      userId: options.userId,
      key: idempotencyKeyOf(request),
      requestHash: requestHashOf(route, { params: request.params, input: options.input }),
      status: options.status,
    },
    purchase,
  );
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
