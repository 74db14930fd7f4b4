import {
  adminInvoiceResponse,
  adminInvoicesQuery,
  adminInvoicesResponse,
  approveInvoiceBody,
  cancelInvoiceBody,
  formatUsd,
  refundInvoiceBody,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import { approveInvoice, cancelInvoice, readAdminInvoices, refundInvoice } from './admin-invoices.service.ts';

const tags = ['admin'];
const invoiceParams = uuidParams({ id: 'Invoice not found' });

/** `/api/v1/admin/invoices`: the deposit queue; approve credits once, cancel takes a reason (audited). */
export const adminInvoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: adminInvoicesQuery, response: { 200: adminInvoicesResponse } } },
      async (request) => readAdminInvoices(ctx, request.query),
    );
    app.post(
      '/:id/approve',
      {
        schema: {
          tags,
          params: invoiceParams,
          body: approveInvoiceBody,
          response: { 200: adminInvoiceResponse },
        },
      },
      async (request) => {
        const invoice = await approveInvoice(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          receipt: request.body.receipt,
        });
        return {
          message: `${invoice.note} approved: ${formatUsd(invoice.amount)} added to ${invoice.reseller.discordId}`,
          invoice,
        };
      },
    );
    app.post(
      '/:id/cancel',
      {
        schema: {
          tags,
          params: invoiceParams,
          body: cancelInvoiceBody,
          response: { 200: adminInvoiceResponse },
        },
      },
      async (request) => {
        const invoice = await cancelInvoice(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          reason: request.body.reason,
        });
        return { message: `${invoice.note} cancelled`, invoice };
      },
    );
    app.post(
      '/:id/refund',
      {
        schema: {
          tags,
          params: invoiceParams,
          body: refundInvoiceBody,
          response: { 200: adminInvoiceResponse },
        },
      },
      async (request) => {
        const invoice = await refundInvoice(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          reason: request.body.reason,
          allowNegative: request.body.allowNegative,
        });
        return {
          message: `${invoice.note} refunded: ${formatUsd(invoice.amount)} taken from ${invoice.reseller.discordId}`,
          invoice,
        };
      },
    );
  };
