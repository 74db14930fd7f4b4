import {
  messageResponse,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentAccount, requireUser } from '../../plugins/authenticate.ts';
import { authRateLimit } from '../../plugins/security.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorSetup,
} from './two-factor.service.ts';

const tags = ['account'];

/** Two-factor sign-in of the signed-in account (under /account/2fa); staff enrol here too. */
export const twoFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    const limited = { config: authRateLimit(ctx.config) };

    app.get('/', { schema: { tags, response: { 200: twoFactorStatusResponse } } }, async (request) =>
      getTwoFactorStatus(ctx, await currentAccount(ctx, request)),
    );

    app.post(
      '/setup',
      { schema: { tags, response: { 200: twoFactorSetupResponse } }, ...limited },
      async (request) => startTwoFactorSetup(ctx, await currentAccount(ctx, request)),
    );

    app.post(
      '/enable',
      { schema: { tags, body: twoFactorEnableBody, response: { 200: twoFactorEnableResponse } }, ...limited },
      async (request) => {
        const account = await currentAccount(ctx, request);
        const recoveryCodes = await enableTwoFactor(ctx, account, request.body.code, requestMeta(request));
        return { message: 'Two-factor sign-in is on', recoveryCodes };
      },
    );

    app.post(
      '/disable',
      { schema: { tags, body: twoFactorDisableBody, response: { 200: messageResponse } }, ...limited },
      async (request) => {
        await disableTwoFactor(ctx, await currentAccount(ctx, request), request.body, requestMeta(request));
        return { message: 'Two-factor sign-in is off' };
      },
    );
  };
