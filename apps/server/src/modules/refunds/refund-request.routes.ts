import { refundRequestBody, refundRequestResponse, uuidParams } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { requestRefund } from './refund-requests.service.ts';

const orderParams = uuidParams({ id: 'Order not found' });

/** `/api/v1/order/refund-request/{id}`: a reseller asks staff to refund a completed order. */
export const refundRequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));
    app.post(
      '/refund-request/:id',
      {
        config: { permission: 'orders.buy' },
        schema: {
          tags: ['orders'],
          params: orderParams,
          body: refundRequestBody,
          response: { 201: refundRequestResponse },
        },
      },
      async (request, reply) => {
        const refundRequest = await requestRefund(ctx, {
          userId: currentUser(request).user.id,
          orderId: request.params.id,
          input: request.body,
        });
        return reply.status(201).send({ message: 'Refund requested', refundRequest });
      },
    );
  };
