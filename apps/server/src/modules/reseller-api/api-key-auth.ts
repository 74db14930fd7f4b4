import { API_KEY_HEADER } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { isAccountEnabled } from '../auth/auth.service.ts';
import { findApiKeyOwner } from '../users/users.service.ts';
import { findTeamKeyCredential, noteKeyUse } from '../teams/teams.service.ts';

/** The hashed key a request presents, also the per-key rate limit's bucket. */
export const apiKeyHashOf = (request: FastifyRequest): string | null => {
  const header = request.headers[API_KEY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  return key ? hashToken(key) : null;
};

/**
 * onRequest hook of /api/v2: only the `x-api-key` header authenticates (never the query string or a
 * bearer token); an unknown key or a disabled reseller's key is a 401. A known key is remembered until
 * it or its account changes (decision 222). A team key (decision 326) acts as its member with the
 * key's role; the account's own key acts as its owner.
 */
export const requireApiKey =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const hash = apiKeyHashOf(request);
    if (!hash) throw new AppError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
    const found = await ctx.identities.get(`key ${hash}`, async () => {
      const teamKey = await findTeamKeyCredential(ctx, hash);
      if (teamKey) return teamKey;
      const owner = await findApiKeyOwner(ctx.db, hash);
      // A member's own row keeps a key from before they joined: it is no key of the team.
      if (!owner || owner.accountId !== owner.id) return null;
      if (!isAccountEnabled(owner)) throw new AppError('UNAUTHORIZED', 'This account is disabled');
      const user = {
        id: owner.id,
        role: owner.role,
        memberId: owner.id,
        teamRole: 'owner' as const,
        teamRequiresTwoFactor: owner.teamRequiresTwoFactor,
        hasTwoFactor: owner.hasTwoFactor,
      };
      return { sessionId: 'api-key', user, expiresAt: null };
    });
    if (!found) throw new AppError('UNAUTHORIZED', 'Invalid API key');
    if (found.user.apiKey) noteKeyUse(ctx, found.user.apiKey.id);
    request.auth = { sessionId: found.sessionId, user: found.user };
  };
