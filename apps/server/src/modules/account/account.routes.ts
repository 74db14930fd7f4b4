import type { RouteAccess } from '@portal/shared';
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
import { currentPerson, currentUser, requireUser } from '../../plugins/authenticate.ts';
import { authRateLimit } from '../../plugins/security.ts';
import { describeSession } from '../auth/auth.service.ts';
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
import { readUnusedLabelsSetting } from '../refunds/staff-refunds.service.ts';
import { requestMeta } from '../../lib/request-meta.ts';

/** Account Settings (under /user): profile, e-mail, password, API key. Every route needs a session. */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    const limited = (permission: RouteAccess) => ({ config: { ...authRateLimit(ctx.config), permission } });

    app.patch(
      '/profile',
      {
        config: { permission: 'self' },
        schema: { tags: ['account'], body: updateProfileBody, response: { 200: profileResponse } },
      },
      async (request) => {
        await updateProfile(ctx, currentUser(request).user.memberId, request.body);
        return { message: 'Profile updated', user: await describeSession(ctx, currentUser(request).user) };
      },
    );

    app.get(
      '/address-check',
      {
        config: { permission: 'orders.read' },
        schema: { tags: ['account'], response: { 200: addressCheckSettingResponse } },
      },
      async (request) => ({
        message: 'Address check',
        addressCheck: await readAddressCheckMode(ctx, currentUser(request).user.id),
      }),
    );

    app.put(
      '/address-check',
      {
        config: { permission: 'settings.write' },
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
      {
        config: { permission: 'orders.read' },
        schema: { tags: ['account'], response: { 200: unusedLabelsSettingResponse } },
      },
      async () => readUnusedLabelsSetting(ctx),
    );

    app.get(
      '/label-format',
      {
        config: { permission: 'orders.read' },
        schema: { tags: ['account'], response: { 200: labelPreferenceResponse } },
      },
      async (request) => getLabelPreference(ctx, currentUser(request).user.id),
    );

    app.put(
      '/label-format',
      {
        config: { permission: 'settings.write' },
        schema: { tags: ['account'], body: labelPreference, response: { 200: labelPreferenceResponse } },
      },
      async (request) => setLabelPreference(ctx, currentUser(request).user.id, request.body),
    );

    app.get(
      '/email',
      {
        config: { permission: 'self' },
        schema: { tags: ['account'], response: { 200: emailStatusResponse } },
      },
      async (request) => getEmailStatus(ctx, await currentPerson(ctx, request)),
    );

    app.post(
      '/email',
      {
        schema: { tags: ['account'], body: changeEmailBody, response: { 200: messageResponse } },
        ...limited('self'),
      },
      async (request) => {
        await requestEmailChange(ctx, await currentPerson(ctx, request), request.body, requestMeta(request));
        return { message: `We have sent an OTP to ${request.body.email}. Enter it to verify your email.` };
      },
    );

    app.post(
      '/password',
      {
        schema: { tags: ['account'], body: changePasswordBody, response: { 200: messageResponse } },
        ...limited('self'),
      },
      async (request) => {
        const { sessionId } = currentUser(request);
        const account = await currentPerson(ctx, request);
        await changePassword(ctx, { sessionId, account }, request.body, requestMeta(request));
        return { message: 'Password changed. Other devices have been signed out.' };
      },
    );

    app.post(
      '/api-key',
      {
        config: { permission: 'keys.manage' },
        schema: { tags: ['account'], response: { 200: apiKeyResponse } },
      },
      async (request) => {
        const apiKey = await regenerateApiKey(ctx, currentUser(request).user.id);
        return { message: 'A new API key has been created; the old one no longer works', api_key: apiKey };
      },
    );
  };
