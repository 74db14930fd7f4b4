import {
  apiErrorResponse,
  createPickupBody,
  createScanFormBody,
  pickupListResponse,
  pickupQuoteResponse,
  pickupResponse,
  scanFormListResponse,
  scanFormResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { zoneOfRequest } from '../../lib/time-zone.ts';
import { sendFile } from '../../lib/attachment.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import {
  cancelPickup,
  createPickup,
  createScanForm,
  downloadScanForm,
  readPickups,
  readScanForms,
} from '../shipping-day/shipping-day.service.ts';

const tags = ['Shipping day'];
const errors = { 400: apiErrorResponse, 401: apiErrorResponse, 404: apiErrorResponse, 429: apiErrorResponse };
const upstreamErrors = { ...errors, 409: apiErrorResponse, 422: apiErrorResponse, 503: apiErrorResponse };
const scanFormParams = uuidParams({ id: 'SCAN form not found' });
const pickupParams = uuidParams({ id: 'Pickup not found' });

/** SCAN forms and pickups of the reseller API (issue 46): the app's own services, as `/api/v1` uses them. */
export const resellerShippingDayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/scan-form',
      {
        config: { permission: 'orders.buy' },
        schema: {
          operationId: 'createScanForm',
          tags,
          summary: 'One SCAN form (USPS PS Form 5630) for your labels of one from-address and ship date',
          description:
            '`orderIds` (your completed USPS labels) or `bulkOrderId` (every label of a bulk order). A set that is ' +
            'not one form is refused (422) with each label that does not fit and why: another carrier, another ' +
            'from-address or ship date, already on a SCAN form, refunded. A label on a form is refunded only by staff.',
          body: createScanFormBody,
          response: {
            201: scanFormResponse,
            ...upstreamErrors,
          },
        },
      },
      async (request, reply) => {
        const zone = zoneOfRequest(request.headers, ctx.config.timeZone);
        const scanForm = await createScanForm(ctx, currentUser(request).user.id, request.body, zone);
        return reply.status(201).send({ message: 'SCAN form created', scanForm });
      },
    );

    app.get(
      '/scan-forms',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'readScanForms',
          tags,
          summary: 'Your SCAN forms with their labels, newest first',
          response: { 200: scanFormListResponse, ...errors },
        },
      },
      async (request) => ({ scanForms: await readScanForms(ctx, currentUser(request).user.id) }),
    );

    app.get(
      '/scan-forms/:id/download',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'downloadScanForm',
          tags,
          summary: 'The PDF of a SCAN form',
          params: scanFormParams,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (request, reply) => {
        const file = await downloadScanForm(ctx, currentUser(request).user.id, request.params.id);
        return sendFile(reply, file);
      },
    );

    app.post(
      '/pickup',
      {
        config: { permission: 'orders.buy' },
        schema: {
          operationId: 'createPickup',
          tags,
          summary: 'Book a carrier pickup for your labels (with `quoteOnly`, only its price)',
          description:
            'The labels share one carrier. The pickup’s price (free for USPS) is charged from your balance as one ' +
            'entry and refunded when it is cancelled. `quoteOnly: true` answers the price (200) and books nothing.',
          body: createPickupBody,
          response: {
            200: pickupQuoteResponse,
            201: pickupResponse,
            402: apiErrorResponse,
            ...upstreamErrors,
          },
        },
      },
      async (request, reply) => {
        const answer = await createPickup(ctx, currentUser(request).user.id, request.body);
        if ('quote' in answer)
          return reply.status(200).send({ message: 'Pickup price', quote: answer.quote });
        return reply.status(201).send({ message: 'Pickup scheduled', pickup: answer.pickup });
      },
    );

    app.get(
      '/pickups',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'readPickups',
          tags,
          summary: 'Your pickups with their labels, newest first',
          response: { 200: pickupListResponse, ...errors },
        },
      },
      async (request) => ({ pickups: await readPickups(ctx, currentUser(request).user.id) }),
    );

    app.delete(
      '/pickup/:id',
      {
        config: { permission: 'orders.buy' },
        schema: {
          operationId: 'cancelPickup',
          tags,
          summary: 'Cancel a pickup while the carrier allows; its charge is refunded once',
          params: pickupParams,
          response: { 200: pickupResponse, ...upstreamErrors },
        },
      },
      async (request) => ({
        message: 'Pickup cancelled',
        pickup: await cancelPickup(ctx, currentUser(request).user.id, request.params.id),
      }),
    );
  };
