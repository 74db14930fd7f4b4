import {
  createInvoiceBody,
  createInvoiceResponse,
  invoicesQuery,
  invoicesResponse,
  messageResponse,
  refreshInvoiceResponse,
  uuidParams,
  verifyCashappBody,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { createInvoice, readInvoices, refreshInvoice, submitReceipt } from './invoices.service.ts';

const tags = ['invoices'];

/** Deposits (spec section 7, invoices): raise an invoice, give its receipt, list your own. */
export const invoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    app.post(
      '/create-invoice',
      {
        config: { permission: 'deposits.write' },
        schema: { tags, body: createInvoiceBody, response: { 201: createInvoiceResponse } },
      },
      async (request, reply) => {
        const invoice = await createInvoice(ctx, {
          userId: currentUser(request).user.id,
          ...request.body,
          origin: `${request.protocol}://${request.host}`,
        });
        // Paid by hand in our own modal without a provider; with one, on the provider's hosted page.
        return reply.code(201).send({
          message: `Invoice ${invoice.note} created`,
          data: { hosted_url: invoice.hosted_url ?? '', invoice },
        });
      },
    );
    app.post(
      '/verify-cashapp',
      {
        config: { permission: 'deposits.write' },
        schema: { tags, body: verifyCashappBody, response: { 200: messageResponse } },
      },
      async (request) =>
        submitReceipt(ctx, {
          userId: currentUser(request).user.id,
          invoiceId: request.body.invoice,
          receipt: request.body.cashAppUrl,
        }),
    );
    app.post(
      '/:id/refresh',
      {
        config: { permission: 'deposits.read' },
        schema: {
          tags,
          params: uuidParams({ id: 'Invoice not found' }),
          response: { 200: refreshInvoiceResponse },
        },
      },
      async (request) =>
        refreshInvoice(ctx, { userId: currentUser(request).user.id, invoiceId: request.params.id }),
    );
    app.get(
      '/readAll',
      {
        config: { permission: 'deposits.read' },
        schema: { tags, querystring: invoicesQuery, response: { 200: invoicesResponse } },
      },
      async (request) => readInvoices(ctx, { userId: currentUser(request).user.id, ...request.query }),
    );
  };
