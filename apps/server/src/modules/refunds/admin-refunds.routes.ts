import {
  bulkRefundBody,
  bulkRefundResponse,
  refundRequestDecisionResponse,
  refundRequestsQuery,
  refundRequestsResponse,
  refundResponse,
  staffReasonBody,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import { refundOrderForStaff, refundOrdersForStaff } from './staff-refunds.service.ts';
import { approveRefundRequest, listRefundRequests, rejectRefundRequest } from './refund-requests.service.ts';

const tags = ['admin'];
const orderParams = uuidParams({ id: 'Order not found' });
const refundRequestParams = uuidParams({ id: 'Refund request not found' });

/** `/api/v1/admin/orders`: staff refunds (audited); the list and one order are the orders module's. */
export const adminOrderRefundRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/refund',
      { schema: { tags, body: bulkRefundBody, response: { 200: bulkRefundResponse } } },
      async (request) => refundOrdersForStaff(ctx, { actor: staffActor(request), input: request.body }),
    );
    app.post(
      '/:id/refund',
      { schema: { tags, params: orderParams, body: staffReasonBody, response: { 200: refundResponse } } },
      async (request) =>
        refundOrderForStaff(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          reason: request.body.reason,
        }),
    );
  };

/** `/api/v1/admin/refund-requests`: the queue of resellers' refund requests (audited decisions). */
export const adminRefundRequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: refundRequestsQuery, response: { 200: refundRequestsResponse } } },
      async (request) => listRefundRequests(ctx, request.query),
    );
    app.post(
      '/:id/approve',
      { schema: { tags, params: refundRequestParams, response: { 200: refundRequestDecisionResponse } } },
      async (request) => approveRefundRequest(ctx, { actor: staffActor(request), id: request.params.id }),
    );
    app.post(
      '/:id/reject',
      {
        schema: {
          tags,
          params: refundRequestParams,
          body: staffReasonBody,
          response: { 200: refundRequestDecisionResponse },
        },
      },
      async (request) =>
        rejectRefundRequest(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          reason: request.body.reason,
        }),
    );
  };
