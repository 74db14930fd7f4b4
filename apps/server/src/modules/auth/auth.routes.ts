import type { RouteAccess } from '@portal/shared';
import {
  captchaConfig,
  loginBody,
  loginResponse,
  loginTwoFactorBody,
  messageResponse,
  registerBody,
  sessionUser,
  tokenResponse,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { authRateLimit } from '../../plugins/security.ts';
import { readDeviceCookie, setDeviceCookie } from './device-cookie.ts';
import { completeTwoFactorChallenge, rememberDevice } from '../two-factor/two-factor-login.service.ts';
import { describeSession, finishSignIn, loginUser, logoutSession, registerUser } from './auth.service.ts';

// `errors` names the field (a weak password) so a client can show the reason next to it.
const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    });
    const limited = (permission: RouteAccess) => ({ config: { ...authRateLimit(ctx.config), permission } });

    app.get(
      '/captcha-config',
      { config: { permission: 'public' }, schema: { tags: ['auth'], response: { 200: captchaConfig } } },
      async () => ({ provider: ctx.captcha.provider, siteKey: ctx.captcha.siteKey }),
    );

    app.get('/captcha', { schema: { tags: ['auth'] }, ...limited('public') }, async (_request, reply) => {
      if (!ctx.captcha.createChallenge) throw AppError.notFound('This server uses a hosted captcha');
      void reply.header('cache-control', 'no-store');
      return ctx.captcha.createChallenge();
    });

    app.post(
      '/register',
      {
        schema: { tags: ['auth'], body: registerBody, response: { 201: messageResponse, 400: errorBody } },
        ...limited('public'),
      },
      async (request, reply) => {
        await registerUser(ctx, request.body, meta(request));
        return reply.status(201).send({ message: 'Account created successfully, please login.' });
      },
    );

    app.post(
      '/login',
      { schema: { tags: ['auth'], body: loginBody, response: { 200: loginResponse } }, ...limited('public') },
      async (request) => {
        const signIn = await loginUser(ctx, request.body, {
          ...meta(request),
          deviceCookie: readDeviceCookie(request),
        });
        if ('challengeToken' in signIn) {
          return {
            message: 'Enter the code from your authenticator app',
            twoFactorRequired: true,
            challengeToken: signIn.challengeToken,
          };
        }
        return { message: 'Signed in successfully', accessToken: signIn.accessToken };
      },
    );

    app.post(
      '/login/2fa',
      {
        schema: { tags: ['auth'], body: loginTwoFactorBody, response: { 200: tokenResponse } },
        ...limited('public'),
      },
      async (request, reply) => {
        const user = await completeTwoFactorChallenge(ctx, request.body, meta(request));
        const accessToken = await finishSignIn(ctx, user, meta(request));
        if (request.body.rememberDevice) {
          setDeviceCookie(request, reply, await rememberDevice(ctx, user.id, meta(request)));
        }
        return { message: 'Signed in successfully', accessToken };
      },
    );

    app.get(
      '/access',
      {
        config: { permission: 'self' },
        schema: { tags: ['auth'], response: { 200: sessionUser } },
        preHandler: requireUser(ctx),
      },
      async (request) => describeSession(ctx, currentUser(request).user),
    );

    app.post(
      '/logout',
      {
        config: { permission: 'self' },
        schema: { tags: ['auth'], response: { 200: messageResponse } },
        preHandler: requireUser(ctx),
      },
      async (request) => {
        await logoutSession(ctx, currentUser(request));
        return { message: 'Signed out' };
      },
    );
  };
