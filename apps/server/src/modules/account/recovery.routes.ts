import type { RouteAccess } from '@portal/shared';
import {
  forgotPasswordBody,
  loginResponse,
  logoutAllBody,
  messageResponse,
  resetPasswordBody,
  verifyEmailBody,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { authRateLimit } from '../../plugins/security.ts';
import { logoutEverywhere } from './account.service.ts';
import {
  FORGOT_PASSWORD_MESSAGE,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from './recovery.service.ts';
import { requestMeta } from '../../lib/request-meta.ts';

/** Password reset and e-mail verification with one-time codes, and signing out everywhere (under /auth). */
export const recoveryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = (permission: RouteAccess) => ({ config: { ...authRateLimit(ctx.config), permission } });

    app.post(
      '/forgotPassword',
      {
        schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageResponse } },
        ...limited('public'),
      },
      async (request) => {
        await requestPasswordReset(ctx, request.body, requestMeta(request));
        return { message: FORGOT_PASSWORD_MESSAGE };
      },
    );

    app.post(
      '/resetPassword',
      {
        schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: loginResponse } },
        ...limited('public'),
      },
      async (request) => {
        const signIn = await resetPassword(ctx, request.body, requestMeta(request));
        const message = 'Your password has been reset';
        if ('accessToken' in signIn) return { message, accessToken: signIn.accessToken };
        return { message, twoFactorRequired: true, challengeToken: signIn.challengeToken };
      },
    );

    app.post(
      '/verifyEmail',
      {
        schema: { tags: ['auth'], body: verifyEmailBody, response: { 200: messageResponse } },
        ...limited('public'),
      },
      async (request) => {
        await verifyEmail(ctx, request.body, requestMeta(request));
        return { message: 'Your email has been verified' };
      },
    );

    app.post(
      '/logout-all',
      {
        config: { permission: 'self' },
        // The body is optional (clients from before it existed send none), so it is read here.
        schema: { tags: ['auth'], response: { 200: messageResponse } },
        preHandler: requireUser(ctx),
      },
      async (request) => {
        const body = logoutAllBody.safeParse(request.body ?? undefined);
        if (!body.success) throw new AppError('BAD_REQUEST', 'regenerateApiKey must be true or false');
        const regenerateApiKey = body.data?.regenerateApiKey === true;
        await logoutEverywhere(ctx, currentUser(request).user.memberId, { regenerateApiKey });
        return {
          message: regenerateApiKey
            ? 'Signed out on every device; your API key was replaced'
            : 'Signed out on every device',
        };
      },
    );
  };
