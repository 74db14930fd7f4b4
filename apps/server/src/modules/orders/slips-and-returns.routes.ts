import { packingSlipQuery, returnLabelResponse, uuidParams } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { sendDownload } from '../../lib/attachment.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { sendIdempotent } from '../idempotency/idempotency.service.ts';
import { createReturnLabel } from './create-return.ts';
import { downloadPackingSlip } from './packing-slips.ts';

const tags = ['orders'];
const orderParams = uuidParams({ id: 'Order not found' });

/** Issue 46 for one order (decisions 330, 331): its packing slip and its return label. */
export const slipsAndReturnsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.get(
      '/packing-slip/:id',
      {
        config: { permission: 'orders.read' },
        schema: { tags, params: orderParams, querystring: packingSlipQuery },
      },
      async (request, reply) => {
        const file = await downloadPackingSlip(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.id,
          format: request.query.format,
          dpi: request.query.dpi,
        });
        return sendDownload(reply, file);
      },
    );

    app.post(
      '/return/:id',
      {
        config: { permission: 'orders.buy' },
        schema: { tags, params: orderParams, response: { 201: returnLabelResponse } },
      },
      async (request, reply) => {
        const userId = currentUser(request).user.id;
        return sendIdempotent(
          ctx,
          request,
          reply,
          { userId, input: { returnOf: request.params.id }, status: 201 },
          (inTransaction) => createReturnLabel(ctx, { userId, id: request.params.id, inTransaction }),
        );
      },
    );
  };
