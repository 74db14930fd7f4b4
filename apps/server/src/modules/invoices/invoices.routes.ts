import {
  cashappResponse,
  createInvoiceBody,
  createInvoiceResponse,
  depositOptionsResponse,
  invoicesQuery,
  invoicesResponse,
  messageResponse,
  verifyCashappBody,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  cashappInfo,
  createInvoice,
  depositOptions,
  readInvoices,
  submitReceipt,
} from './invoices.service.ts';

const tags = ['invoices'];

/** Deposits (spec section 7, invoices): raise an invoice, give its receipt, list your own. */
export const invoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    app.post(
      '/create-invoice',
      { schema: { tags, body: createInvoiceBody, response: { 201: createInvoiceResponse } } },
      async (request, reply) => {
        const invoice = await createInvoice(ctx, { userId: currentUser(request).user.id, ...request.body });
        // Paypal and CashApp are paid by hand in our own modal; hosted_url is for hosted checkouts.
        return reply
          .code(201)
          .send({ message: `Invoice ${invoice.note} created`, data: { hosted_url: '', invoice } });
      },
    );
    app.post(
      '/verify-cashapp',
      { schema: { tags, body: verifyCashappBody, response: { 200: messageResponse } } },
      async (request) =>
        submitReceipt(ctx, {
          userId: currentUser(request).user.id,
          invoiceId: request.body.invoice,
          receipt: request.body.cashAppUrl,
        }),
    );
    app.get(
      '/readAll',
      { schema: { tags, querystring: invoicesQuery, response: { 200: invoicesResponse } } },
      async (request) => readInvoices(ctx, { userId: currentUser(request).user.id, ...request.query }),
    );
  };

/** `/website`: what the deposit modals show (spec section 7), and the CashApp QR image itself. */
export const websiteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/get-cashapp',
      { schema: { tags, response: { 200: cashappResponse } }, preHandler: requireUser(ctx) },
      async () => ({ cashapp: await cashappInfo(ctx) }),
    );
    app.get(
      '/deposit-options',
      { schema: { tags, response: { 200: depositOptionsResponse } }, preHandler: requireUser(ctx) },
      async () => depositOptions(ctx),
    );
    // Public so an <img> can load it; only the current QR file is served, never another stored file.
    app.get(
      '/cashapp-qr/:fileId',
      { schema: { tags, params: z.object({ fileId: z.string() }) } },
      async (request, reply) => {
        const { cashappQrFileId } = await getSettings(ctx.db);
        const file = cashappQrFileId === request.params.fileId ? await ctx.files.get(cashappQrFileId) : null;
        if (!file) throw AppError.notFound('Not found');
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      },
    );
  };
