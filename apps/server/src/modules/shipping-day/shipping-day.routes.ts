import {
  createPickupBody,
  createScanFormBody,
  pickupListResponse,
  pickupQuoteResponse,
  pickupResponse,
  scanFormListResponse,
  scanFormResponse,
  shippingDayResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { zoneOfRequest } from '../../lib/time-zone.ts';
import { sendFile } from '../../lib/attachment.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import {
  cancelPickup,
  createPickup,
  createScanForm,
  downloadScanForm,
  readPickups,
  readScanForms,
  readShippingDay,
} from './shipping-day.service.ts';

const tags = ['shipping-day'];
const scanFormParams = uuidParams({ id: 'SCAN form not found' });
const pickupParams = uuidParams({ id: 'Pickup not found' });

/** `/api/v1/scan-forms` (issue 46): the reseller's SCAN forms and the Shipping day page. */
export const scanFormRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/',
      {
        config: { permission: 'orders.buy' },
        schema: { tags, body: createScanFormBody, response: { 201: scanFormResponse } },
      },
      async (request, reply) => {
        const zone = zoneOfRequest(request.headers, ctx.config.timeZone);
        const scanForm = await createScanForm(ctx, currentUser(request).user.id, request.body, zone);
        return reply.status(201).send({ message: 'SCAN form created', scanForm });
      },
    );

    app.get(
      '/',
      { config: { permission: 'orders.read' }, schema: { tags, response: { 200: scanFormListResponse } } },
      async (request) => ({
        scanForms: await readScanForms(ctx, currentUser(request).user.id),
      }),
    );

    app.get(
      '/today',
      { config: { permission: 'orders.read' }, schema: { tags, response: { 200: shippingDayResponse } } },
      async (request) =>
        readShippingDay(
          ctx,
          currentUser(request).user.id,
          zoneOfRequest(request.headers, ctx.config.timeZone),
        ),
    );

    app.get(
      '/:id/download',
      { config: { permission: 'orders.read' }, schema: { tags, params: scanFormParams } },
      async (request, reply) => {
        const file = await downloadScanForm(ctx, currentUser(request).user.id, request.params.id);
        return sendFile(reply, file);
      },
    );
  };

/** `/api/v1/pickups` (issue 46): carrier pickups of the reseller's labels. */
export const pickupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/',
      {
        config: { permission: 'orders.buy' },
        schema: {
          tags,
          body: createPickupBody,
          response: { 200: pickupQuoteResponse, 201: pickupResponse },
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
      '/',
      { config: { permission: 'orders.read' }, schema: { tags, response: { 200: pickupListResponse } } },
      async (request) => ({
        pickups: await readPickups(ctx, currentUser(request).user.id),
      }),
    );

    app.delete(
      '/:id',
      {
        config: { permission: 'orders.buy' },
        schema: { tags, params: pickupParams, response: { 200: pickupResponse } },
      },
      async (request) => ({
        message: 'Pickup cancelled',
        pickup: await cancelPickup(ctx, currentUser(request).user.id, request.params.id),
      }),
    );
  };
