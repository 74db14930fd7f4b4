import {
  adjustBalanceBody,
  adjustBalanceResponse,
  adminPageQuery,
  adminUserDetailResponse,
  adminUsersQuery,
  adminUsersResponse,
  ledgerPageResponse,
  messageResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import { adjustBalance } from './adjust-balance.ts';
import { disableUser } from './disable-user.ts';
import { enableUser } from './enable-user.ts';
import { listUsers } from './list-users.ts';
import { getUserDetail } from './read-user-detail.ts';
import { getUserLedger } from './read-user-ledger.ts';
import { resetApiKey } from './reset-api-key.ts';
import { revokeSessions } from './revoke-sessions.ts';

const tags = ['admin'];
const resellerParams = uuidParams({ id: 'Reseller not found' });

/** `/api/v1/admin/users`: resellers, their balances and access (staff only, audited writes). */
export const adminUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersResponse } } },
      async (request) => listUsers(ctx, request.query),
    );
    app.get(
      '/:id',
      { schema: { tags, params: resellerParams, response: { 200: adminUserDetailResponse } } },
      async (request) => getUserDetail(ctx, request.params.id),
    );
    app.get(
      '/:id/ledger',
      {
        schema: {
          tags,
          params: resellerParams,
          querystring: adminPageQuery,
          response: { 200: ledgerPageResponse },
        },
      },
      async (request) => getUserLedger(ctx, { userId: request.params.id, ...request.query }),
    );
    app.post(
      '/:id/adjust-balance',
      {
        schema: {
          tags,
          params: resellerParams,
          body: adjustBalanceBody,
          response: { 200: adjustBalanceResponse },
        },
      },
      async (request) =>
        adjustBalance(ctx, { actor: staffActor(request), userId: request.params.id, input: request.body }),
    );
    app.post(
      '/:id/disable',
      { schema: { tags, params: resellerParams, response: { 200: messageResponse } } },
      async (request) => {
        await disableUser(ctx, { actor: staffActor(request), userId: request.params.id });
        return { message: 'Account disabled; its sessions ended and its API key is refused' };
      },
    );
    app.post(
      '/:id/enable',
      { schema: { tags, params: resellerParams, response: { 200: messageResponse } } },
      async (request) => {
        await enableUser(ctx, { actor: staffActor(request), userId: request.params.id });
        return { message: 'Account enabled' };
      },
    );
    app.post(
      '/:id/revoke-sessions',
      { schema: { tags, params: resellerParams, response: { 200: messageResponse } } },
      async (request) => {
        const ended = await revokeSessions(ctx, { actor: staffActor(request), userId: request.params.id });
        return { message: `${ended} session${ended === 1 ? '' : 's'} ended` };
      },
    );
    app.post(
      '/:id/reset-api-key',
      { schema: { tags, params: resellerParams, response: { 200: messageResponse } } },
      async (request) => {
        await resetApiKey(ctx, { actor: staffActor(request), userId: request.params.id });
        return { message: 'A new API key was issued; the old one no longer works' };
      },
    );
  };
