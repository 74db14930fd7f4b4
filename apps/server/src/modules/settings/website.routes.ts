import { cashappResponse, depositOptionsResponse } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { cashappInfo, depositOptions, readCashappQr } from './website.service.ts';

// Listed with the deposits in the API reference, where resellers look for them.
const tags = ['invoices'];

/** `/website`: what the deposit modals show (spec section 7), and the CashApp QR image itself. */
export const websiteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/get-cashapp',
      {
        config: { permission: 'deposits.read' },
        schema: { tags, response: { 200: cashappResponse } },
        preHandler: requireUser(ctx),
      },
      async () => ({ cashapp: await cashappInfo(ctx) }),
    );
    app.get(
      '/deposit-options',
      {
        config: { permission: 'deposits.read' },
        schema: { tags, response: { 200: depositOptionsResponse } },
        preHandler: requireUser(ctx),
      },
      async () => depositOptions(ctx),
    );
    // Public so an <img> can load it; only the current QR file is served, never another stored file.
    app.get(
      '/cashapp-qr/:fileId',
      { config: { permission: 'public' }, schema: { tags, params: z.object({ fileId: z.string() }) } },
      async (request, reply) => {
        const file = await readCashappQr(ctx, request.params.fileId);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      },
    );
  };
