import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { apiKeyHashOf } from './api-key-auth.ts';

/**
 * Purchases per second per API key, on top of the per-minute request limit. @fastify/rate-limit runs
 * one limiter per request, so this second, tighter budget is a small fixed window of its own (per
 * instance, like the plugin's default store).
 */
export function purchaseLimit(max: number, windowMs = 1_000) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const now = Date.now();
    const key = apiKeyHashOf(request) ?? request.ip;
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    const reset = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    void reply
      .header('ratelimit-limit', max)
      .header('ratelimit-remaining', Math.max(0, max - window.count))
      .header('ratelimit-reset', reset);
    if (window.count > max)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many purchases for this API key, please try again in ${reset} seconds`,
        {
          headers: { 'retry-after': String(reset) },
        },
      );
  };
}
