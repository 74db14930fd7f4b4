import {
  adminLabelTypeBody,
  adminLabelTypeResponse,
  adminLabelTypesResponse,
  labelTypeRouteBody,
  labelTypeRouteResponse,
  labelTypeParams,
  resellerPriceBody,
  resellerPricesResponse,
  resellerPriceView,
  serviceChoicesQuery,
  serviceChoicesResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import { readServiceChoices } from '../providers/service-choices.service.ts';
import { createLabelType, readAdminLabelTypes, updateLabelTypeById } from './admin-label-types.service.ts';
import { clearResellerPrice, readResellerPrices, setResellerPrice } from './reseller-prices.service.ts';
import { setLabelTypeRoute } from './set-label-type-route.ts';

const tags = ['admin'];
const labelTypeIdParams = uuidParams({ id: 'Label type not found' });
const resellerIdParams = uuidParams({ id: 'User not found' });

/** `/api/v1/admin/label-types`: the types, their default tiers and status (staff only, audited writes). */
export const adminLabelTypeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { tags, response: { 200: adminLabelTypesResponse } } }, async () =>
      readAdminLabelTypes(ctx),
    );
    app.get(
      '/service-choices',
      { schema: { tags, querystring: serviceChoicesQuery, response: { 200: serviceChoicesResponse } } },
      async (request) => readServiceChoices(ctx, request.query.carrier),
    );
    app.post(
      '/',
      { schema: { tags, body: adminLabelTypeBody, response: { 201: adminLabelTypeResponse } } },
      async (request, reply) => {
        const labelType = await createLabelType(ctx, { actor: staffActor(request), body: request.body });
        return reply.code(201).send({ message: 'Label type created', labelType });
      },
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          params: labelTypeIdParams,
          body: adminLabelTypeBody,
          response: { 200: adminLabelTypeResponse },
        },
      },
      async (request) => ({
        message: 'Label type saved',
        labelType: await updateLabelTypeById(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          body: request.body,
        }),
      }),
    );
  };

/** `/api/v1/admin/label-types/{id}/route`: where a label type's labels are bought. */
export const adminRouteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/:id/route',
      {
        schema: {
          tags,
          params: labelTypeIdParams,
          body: labelTypeRouteBody,
          response: { 200: labelTypeRouteResponse },
        },
      },
      async (request) => ({
        message: 'Route saved',
        ...(await setLabelTypeRoute(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          body: request.body,
        })),
      }),
    );
  };

/** `/api/v1/admin/users/{id}/prices`: a reseller's own prices per label type (audited writes). */
export const adminResellerPriceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id/prices',
      { schema: { tags, params: resellerIdParams, response: { 200: resellerPricesResponse } } },
      async (request) => ({ prices: await readResellerPrices(ctx, request.params.id) }),
    );
    app.put(
      '/:id/prices/:labelTypeId',
      {
        schema: {
          tags,
          params: labelTypeParams,
          body: resellerPriceBody,
          response: { 200: resellerPriceView },
        },
      },
      async (request) =>
        setResellerPrice(ctx, {
          actor: staffActor(request),
          userId: request.params.id,
          labelTypeId: request.params.labelTypeId,
          body: request.body,
        }),
    );
    app.delete(
      '/:id/prices/:labelTypeId',
      { schema: { tags, params: labelTypeParams, response: { 200: resellerPriceView } } },
      async (request) =>
        clearResellerPrice(ctx, {
          actor: staffActor(request),
          userId: request.params.id,
          labelTypeId: request.params.labelTypeId,
        }),
    );
  };
