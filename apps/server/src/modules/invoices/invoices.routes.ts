import {
  createInvoiceBody,
  createInvoiceResponse,
  formatUsd,
  invoicesQuery,
  invoicesResponse,
  invoiceView,
  messageResponse,
  uuidParams,
  verifyCashappBody,
} from '@portal/shared';
import { z } from 'zod';
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
      { schema: { tags, body: createInvoiceBody, response: { 201: createInvoiceResponse } } },
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
      { schema: { tags, body: verifyCashappBody, response: { 200: messageResponse } } },
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
        schema: {
          tags,
          params: uuidParams({ id: 'Invoice not found' }),
          response: { 200: z.object({ message: z.string(), invoice: invoiceView }) },
        },
      },
      async (request) => {
        const invoice = await refreshInvoice(ctx, {
          userId: currentUser(request).user.id,
          invoiceId: request.params.id,
        });
        const message =
          invoice.status === 'completed'
            ? `Payment received: ${formatUsd(invoice.amount)} added to your balance`
            : invoice.status === 'cancelled'
              ? `${invoice.note} was cancelled: ${invoice.cancelReason ?? 'the payment did not go through'}`
              : 'Waiting for the payment to clear';
        return { message, invoice };
      },
    );
    app.get(
      '/readAll',
      { schema: { tags, querystring: invoicesQuery, response: { 200: invoicesResponse } } },
      async (request) => readInvoices(ctx, { userId: currentUser(request).user.id, ...request.query }),
    );
  };
