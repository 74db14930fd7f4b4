import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { requestMeta } from '../lib/request-meta.ts';
import type { StaffActor } from '../modules/audit/audit.service.ts';
import { authenticateToken, type Authenticated } from '../modules/auth/auth.service.ts';
import { findUserById, type UserRow } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/** preHandler for signed-in routes: a missing, unknown or expired bearer token is a 401. */
export const requireUser =
  (ctx: AppContext) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Please sign in');
    const auth = await authenticateToken(ctx, token);
    if (!auth) throw new AppError('UNAUTHORIZED', 'Your session has expired, please sign in again');
    request.auth = auth;
  };

/** The signed-in user of a route guarded by requireUser. */
export const currentUser = (request: FastifyRequest): Authenticated => {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return request.auth;
};

/**
 * The signed-in person's own row, read now: their name, password, e-mail and second factor. In a team
 * that is the member, not the account (decision 326).
 */
export const currentPerson = async (ctx: AppContext, request: FastifyRequest): Promise<UserRow> => {
  const account = await findUserById(ctx.db, currentUser(request).user.memberId);
  if (!account) throw new AppError('UNAUTHORIZED', 'Your session has expired, please sign in again');
  return account;
};

export const TWO_FACTOR_SETUP_MESSAGE = 'Set up two-factor sign-in to use the staff console';

/**
 * preHandler for staff routes: 401 like requireUser without a valid token, 403 for a reseller, and 403
 * with `twoFactorSetupRequired` for staff without a second factor (the console leads them through it).
 */
export const requireAdmin = (ctx: AppContext) => {
  const signedIn = requireUser(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    if (request.auth?.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Staff only');
    if (!request.auth.user.hasTwoFactor) {
      throw new AppError('FORBIDDEN', TWO_FACTOR_SETUP_MESSAGE, { flags: { twoFactorSetupRequired: true } });
    }
  };
};

/** The staff member of a route guarded by requireAdmin, as the audit trail records them. */
export const staffActor = (request: FastifyRequest): StaffActor => ({
  userId: currentUser(request).user.id,
  ...requestMeta(request),
});
