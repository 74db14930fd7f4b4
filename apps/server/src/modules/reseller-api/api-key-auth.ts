import { API_KEY_HEADER } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { isAccountEnabled } from '../auth/auth.service.ts';
import { findUserByApiKeyHash } from '../users/users.repository.ts';

/** The hashed key a request presents, also the per-key rate limit's bucket. */
export const apiKeyHashOf = (request: FastifyRequest): string | null => {
  const header = request.headers[API_KEY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  return key ? hashToken(key) : null;
};

/**
 * onRequest hook of /api/v2: only the `x-api-key` header authenticates (never the query string or a
 * bearer token); an unknown key or a disabled reseller's key is a 401.
 */
export const requireApiKey =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const hash = apiKeyHashOf(request);
    if (!hash) throw new AppError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
    const user = await findUserByApiKeyHash(ctx.db, hash);
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid API key');
    if (!isAccountEnabled(user)) throw new AppError('UNAUTHORIZED', 'This account is disabled');
    request.auth = { sessionId: 'api-key', user };
  };
