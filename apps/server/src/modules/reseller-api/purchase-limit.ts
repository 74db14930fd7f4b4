import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { HitCounter } from '../../plugins/rate-limit-store.ts';
import { apiKeyHashOf } from './api-key-auth.ts';

/**
 * Purchases per second per API key, on top of the per-minute request limit. @fastify/rate-limit runs
 * one limiter per request, so this second, tighter budget counts on the same HitCounter as the plugin's
 * store (shared by every instance on PostgreSQL, decision 195) under keys of its own.
 */
export function purchaseLimit(counter: HitCounter, max: number, windowMs = 1_000) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { current, ttl } = await counter(`purchase:${apiKeyHashOf(request) ?? request.ip}`, windowMs);
    const reset = Math.max(1, Math.ceil(ttl / 1000));
    void reply
      .header('ratelimit-limit', max)
      .header('ratelimit-remaining', Math.max(0, max - current))
      .header('ratelimit-reset', reset);
    if (current > max)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many purchases for this API key, please try again in ${reset} seconds`,
        {
          headers: { 'retry-after': String(reset) },
        },
      );
  };
}
