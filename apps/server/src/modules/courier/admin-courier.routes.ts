import {
  adminCourierListResponse,
  adminCourierQuery,
  COURIER_FILE_MAX_BYTES,
  courierCancelBody,
  courierCompleteFields,
  courierQuoteBody,
  messageResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseFields, readMultipartForm } from '../../lib/multipart-form.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import {
  cancelCourierOrder,
  completeCourierOrder,
  listCourierQueue,
  quoteCourierOrder,
} from './courier-staff.service.ts';

const tags = ['admin'];
const courierOrderParams = uuidParams({ id: 'Courier order not found' });
const PDF_MAGIC = Buffer.from('%PDF-');

/** `/api/v1/admin/courier`: the staff queue of courier orders and its audited moves. */
export const adminCourierRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: adminCourierQuery, response: { 200: adminCourierListResponse } } },
      async (request) => listCourierQueue(ctx, request.query),
    );
    app.post(
      '/:id/quote',
      {
        schema: {
          tags,
          params: courierOrderParams,
          body: courierQuoteBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await quoteCourierOrder(ctx, { actor: staffActor(request), id: request.params.id, ...request.body });
        return { message: 'Quote sent; the order is Awaiting User Input' };
      },
    );
    app.post(
      '/:id/complete',
      {
        schema: {
          tags,
          params: courierOrderParams,
          consumes: ['multipart/form-data'],
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, {
          fileField: 'file',
          maxFileBytes: COURIER_FILE_MAX_BYTES,
          what: 'PDF file',
        });
        const { note } = parseFields(courierCompleteFields, form.fields);
        if (!form.file || form.file.data.length === 0) {
          throw AppError.fieldError('file', 'Please attach the label or document as a PDF');
        }
        if (!form.file.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
          throw AppError.fieldError('file', 'The file must be a PDF');
        }
        await completeCourierOrder(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          file: form.file,
          note,
        });
        return { message: 'Order completed; the reseller can download the file' };
      },
    );
    app.post(
      '/:id/cancel',
      {
        schema: {
          tags,
          params: courierOrderParams,
          body: courierCancelBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const { refunded } = await cancelCourierOrder(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          note: request.body.note,
        });
        return { message: refunded ? 'Order cancelled and the charge refunded' : 'Order cancelled' };
      },
    );
  };
