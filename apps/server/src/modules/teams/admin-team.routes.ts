import { adminTeamMembersResponse, uuidParams } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listMembersForStaff } from './teams.service.ts';

/** Staff: the members of a reseller's team (each disabled with the console's Disable, per person). */
export const adminTeamRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id/members',
      {
        schema: {
          tags: ['admin'],
          params: uuidParams({ id: 'User not found' }),
          response: { 200: adminTeamMembersResponse },
        },
      },
      async (request) => ({ members: await listMembersForStaff(ctx, request.params.id) }),
    );
  };
