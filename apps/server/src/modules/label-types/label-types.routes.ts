import { labelTypeListResponse } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { readLabelTypes } from './read-label-types.ts';

/** GET /labeltype/read: the label types with their price tiers. */
export const labelTypeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/read',
      {
        config: { permission: 'orders.read' },
        schema: { tags: ['label-types'], response: { 200: labelTypeListResponse } },
        preHandler: requireUser(ctx),
      },
      async (request) => ({ labelTypes: await readLabelTypes(ctx, currentUser(request).user.id) }),
    );
  };
