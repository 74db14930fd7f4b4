import { adminSettingsBody, adminSettingsView } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import {
  QR_MAX_BYTES,
  readAdminSettings,
  setCashappQr,
  updateAdminSettings,
} from './admin-settings.service.ts';

const tags = ['admin'];

/** `/api/v1/admin/settings`: payment methods, deposit limits, CashApp and PayPal details (audited). */
export const adminSettingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { tags, response: { 200: adminSettingsView } } }, async () =>
      readAdminSettings(ctx),
    );
    app.put(
      '/',
      { schema: { tags, body: adminSettingsBody, response: { 200: adminSettingsView } } },
      async (request) => updateAdminSettings(ctx, { actor: staffActor(request), body: request.body }),
    );
    app.post('/cashapp-qr', { schema: { tags, response: { 200: adminSettingsView } } }, async (request) => {
      const form = await readMultipartForm(request, {
        fileField: 'file',
        maxFileBytes: QR_MAX_BYTES,
        what: 'QR image',
      });
      if (!form.file) throw AppError.fieldError('file', 'Choose a PNG or JPEG image of the CashApp QR code');
      return setCashappQr(ctx, { actor: staffActor(request), file: form.file });
    });
    app.delete('/cashapp-qr', { schema: { tags, response: { 200: adminSettingsView } } }, async (request) =>
      setCashappQr(ctx, { actor: staffActor(request), file: null }),
    );
  };
