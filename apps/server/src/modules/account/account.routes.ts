import {
  addressCheckSettingBody,
  addressCheckSettingResponse,
  apiKeyResponse,
  changeEmailBody,
  changePasswordBody,
  emailStatusResponse,
  labelPreference,
  labelPreferenceResponse,
  messageResponse,
  profileResponse,
  unusedLabelsSettingResponse,
  updateProfileBody,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentAccount, currentUser, requireUser } from '../../plugins/authenticate.ts';
import { authRateLimit } from '../../plugins/security.ts';
import { toSessionUser } from '../users/users.service.ts';
import { readAddressCheckMode, updateAddressCheckMode } from '../address-check/address-check.service.ts';
import {
  changePassword,
  getEmailStatus,
  getLabelPreference,
  setLabelPreference,
  regenerateApiKey,
  requestEmailChange,
  updateProfile,
} from './account.service.ts';
import { readUnusedLabelsSetting } from '../refunds/unused-labels.ts';
import { requestMeta } from '../../lib/request-meta.ts';

/** Account Settings (under /user): profile, e-mail, password, API key. Every route needs a session. */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    const limited = { config: authRateLimit(ctx.config) };

    app.patch(
      '/profile',
      { schema: { tags: ['account'], body: updateProfileBody, response: { 200: profileResponse } } },
      async (request) => {
        const user = await updateProfile(ctx, currentUser(request).user.id, request.body);
        return { message: 'Profile updated', user: toSessionUser(user, ctx.sealer) };
      },
    );

    app.get(
      '/address-check',
      { schema: { tags: ['account'], response: { 200: addressCheckSettingResponse } } },
      async (request) => ({
        message: 'Address check',
        addressCheck: await readAddressCheckMode(ctx, currentUser(request).user.id),
      }),
    );

    app.put(
      '/address-check',
      {
        schema: {
          tags: ['account'],
          body: addressCheckSettingBody,
          response: { 200: addressCheckSettingResponse },
        },
      },
      async (request) => {
        await updateAddressCheckMode(ctx, currentUser(request).user.id, request.body.addressCheck);
        return { message: 'Address check saved', addressCheck: request.body.addressCheck };
      },
    );

    // Staff's unused-labels setting, read-only for resellers (Account Settings shows it when it is on).
    app.get(
      '/unused-labels',
      { schema: { tags: ['account'], response: { 200: unusedLabelsSettingResponse } } },
      async () => readUnusedLabelsSetting(ctx),
    );

    app.get(
      '/label-format',
      { schema: { tags: ['account'], response: { 200: labelPreferenceResponse } } },
      async (request) => getLabelPreference(ctx, currentUser(request).user.id),
    );

    app.put(
      '/label-format',
      { schema: { tags: ['account'], body: labelPreference, response: { 200: labelPreferenceResponse } } },
      async (request) => setLabelPreference(ctx, currentUser(request).user.id, request.body),
    );

    app.get(
      '/email',
      { schema: { tags: ['account'], response: { 200: emailStatusResponse } } },
      async (request) => getEmailStatus(ctx, await currentAccount(ctx, request)),
    );

    app.post(
      '/email',
      {
        schema: { tags: ['account'], body: changeEmailBody, response: { 200: messageResponse } },
        ...limited,
      },
      async (request) => {
        await requestEmailChange(ctx, await currentAccount(ctx, request), request.body, requestMeta(request));
        return { message: `We have sent an OTP to ${request.body.email}. Enter it to verify your email.` };
      },
    );

    app.post(
      '/password',
      {
        schema: { tags: ['account'], body: changePasswordBody, response: { 200: messageResponse } },
        ...limited,
      },
      async (request) => {
        const { sessionId } = currentUser(request);
        const account = await currentAccount(ctx, request);
        await changePassword(ctx, { sessionId, account }, request.body, requestMeta(request));
        return { message: 'Password changed. Other devices have been signed out.' };
      },
    );

    app.post(
      '/api-key',
      { schema: { tags: ['account'], response: { 200: apiKeyResponse } } },
      async (request) => {
        const apiKey = await regenerateApiKey(ctx, currentUser(request).user.id);
        return { message: 'A new API key has been created; the old one no longer works', api_key: apiKey };
      },
    );
  };
