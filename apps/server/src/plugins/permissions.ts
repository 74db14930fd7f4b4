import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  refusalMessage,
  roleCan,
  TEAM_PERMISSIONS,
  type RouteAccess,
  type TeamPermission,
} from '@portal/shared';
import { AppError } from '../errors.ts';
import { runWithActor, type Actor } from '../lib/actor.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (decision 326): a team permission, `self`, `public` or `staff`. */
    permission?: RouteAccess;
  }
}

export type DeclaredRoute = { method: string; url: string; permission: RouteAccess | undefined };

export const TEAM_TWO_FACTOR_MESSAGE =
  'Your team requires a second factor: turn on two-factor sign-in in Account Settings';
/** A key acts as its member (decision 354): it stops while its member has no second factor. */
export const TEAM_KEY_TWO_FACTOR_MESSAGE =
  'Your team requires a second factor: this key works again once its member turns on two-factor sign-in';

const isTeamPermission = (access: RouteAccess | undefined): access is TeamPermission =>
  access !== undefined && access in TEAM_PERMISSIONS;

/** The actor of a signed-in request, as the charge path and the activity log read it. */
const actorOf = (request: FastifyRequest): Actor | null => {
  const user = request.auth?.user;
  if (!user) return null;
  return { accountId: user.id, memberId: user.memberId, role: user.teamRole, apiKey: user.apiKey ?? null };
};

/**
 * The one guard of team roles: each route names what it needs in `config.permission`, and a route with a
 * team permission gets this check, signing the request in first (`signIn`) unless its own guard did. A role that lacks it is a 403 naming the role
 * and what it cannot do. Returns every route registered, for the role-matrix test.
 */
export function guardPermissions(
  app: FastifyInstance,
  signIn: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const permission = route.config?.permission;
    for (const method of [route.method].flat()) {
      // Read when asked: a plugin's own hook (declareAccess) may declare it after this one ran.
      if (method !== 'HEAD') {
        routes.push({
          method,
          url: route.url,
          get permission() {
            return route.config?.permission;
          },
        });
      }
    }
    if (!isTeamPermission(permission)) return;
    // Before the body is validated: a role learns nothing of what a route it may not call expects.
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) await signIn(request, reply);
      const user = request.auth?.user;
      if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in');
      // A key is held to the rule as its member is (decision 354): it works while they have a second factor.
      if (user.teamRequiresTwoFactor && !user.hasTwoFactor) {
        if (request.auth?.sessionId === 'api-key')
          throw new AppError('FORBIDDEN', TEAM_KEY_TWO_FACTOR_MESSAGE);
        throw new AppError('FORBIDDEN', TEAM_TWO_FACTOR_MESSAGE, { flags: { twoFactorSetupRequired: true } });
      }
      if (!roleCan(user.teamRole, permission)) {
        throw new AppError('FORBIDDEN', refusalMessage(user.teamRole, permission));
      }
    };
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
  // After the body is read (its stream events run outside the request's context), before the handler.
  app.addHook('preValidation', (request, _reply, done) => runWithActor(() => actorOf(request), done));
  return routes;
}

/** Gives every route of a plugin that declares none the access `access` (the staff console's routes). */
export function declareAccess(app: FastifyInstance, access: RouteAccess): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, permission: route.config?.permission ?? access };
  });
}
