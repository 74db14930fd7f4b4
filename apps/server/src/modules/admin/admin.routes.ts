import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { adminCourierRoutes } from '../courier/admin-courier.routes.ts';
import { adminReadRoutes } from './admin-reads.routes.ts';
import { adminUserRoutes } from './admin-users.routes.ts';

/**
 * The staff API under `/api/v1/admin`: every route inside needs a staff session (401 without a valid
 * token, 403 for a reseller). Each area registers its own plugin here with its prefix.
 */
export const adminRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (admin) => {
    admin.addHook('preHandler', requireAdmin(ctx));
    await admin.register(adminReadRoutes(ctx));
    await admin.register(adminUserRoutes(ctx), { prefix: '/users' });
    await admin.register(adminCourierRoutes(ctx), { prefix: '/courier' });
  };
