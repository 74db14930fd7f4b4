import type { RouteAccess } from '@portal/shared';
import {
  messageResponse,
  regenerateRecoveryCodesBody,
  regenerateRecoveryCodesResponse,
  twoFactorDevicesResponse,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentPerson, currentUser, requireUser } from '../../plugins/authenticate.ts';
import { authRateLimit } from '../../plugins/security.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor.service.ts';
import {
  DEVICE_NOT_FOUND,
  forgetRememberedDevice,
  listRememberedDevices,
} from './remembered-devices.service.ts';

const deviceParams = uuidParams({ id: DEVICE_NOT_FOUND });

const tags = ['account'];

/** Two-factor sign-in of the signed-in account (under /account/2fa); staff enrol here too. */
export const twoFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    const limited = (permission: RouteAccess) => ({ config: { ...authRateLimit(ctx.config), permission } });

    app.get(
      '/',
      { config: { permission: 'self' }, schema: { tags, response: { 200: twoFactorStatusResponse } } },
      async (request) => getTwoFactorStatus(ctx, await currentPerson(ctx, request)),
    );

    app.post(
      '/setup',
      { schema: { tags, response: { 200: twoFactorSetupResponse } }, ...limited('self') },
      async (request) => startTwoFactorSetup(ctx, await currentPerson(ctx, request)),
    );

    app.post(
      '/enable',
      {
        schema: { tags, body: twoFactorEnableBody, response: { 200: twoFactorEnableResponse } },
        ...limited('self'),
      },
      async (request) => {
        const account = await currentPerson(ctx, request);
        const recoveryCodes = await enableTwoFactor(ctx, account, request.body.code, requestMeta(request));
        return { message: 'Two-factor sign-in is on', recoveryCodes };
      },
    );

    app.post(
      '/disable',
      {
        schema: { tags, body: twoFactorDisableBody, response: { 200: messageResponse } },
        ...limited('self'),
      },
      async (request) => {
        await disableTwoFactor(ctx, await currentPerson(ctx, request), request.body, requestMeta(request));
        return { message: 'Two-factor sign-in is off' };
      },
    );

    app.post(
      '/recovery-codes',
      {
        schema: {
          tags,
          body: regenerateRecoveryCodesBody,
          response: { 200: regenerateRecoveryCodesResponse },
        },
        ...limited('self'),
      },
      async (request) => {
        const account = await currentPerson(ctx, request);
        const recoveryCodes = await regenerateRecoveryCodes(ctx, account, request.body, requestMeta(request));
        return { message: 'New recovery codes made; the old ones no longer work', recoveryCodes };
      },
    );

    app.get(
      '/devices',
      { config: { permission: 'self' }, schema: { tags, response: { 200: twoFactorDevicesResponse } } },
      async (request) => ({
        devices: await listRememberedDevices(ctx, currentUser(request).user.memberId),
      }),
    );

    app.delete(
      '/devices/:id',
      {
        config: { permission: 'self' },
        schema: { tags, params: deviceParams, response: { 200: messageResponse } },
      },
      async (request) => {
        await forgetRememberedDevice(ctx, currentUser(request).user.memberId, request.params.id);
        return { message: 'This device will be asked for a code at its next sign-in' };
      },
    );
  };
