import {
  createProviderBody,
  marginsQuery,
  marginsReportQuery,
  marginsReportResponse,
  marginsResponse,
  providerResponse,
  providersResponse,
  providerTestResponse,
  updateProviderBody,
  uuidParams,
} from '@portal/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffActor } from '../../plugins/authenticate.ts';
import { marginReportCsv, readMarginReport, readMargins } from './margins.service.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { createProvider } from './create-provider.ts';
import { readProviders } from './read-providers.ts';
import { removeProvider } from './remove-provider.ts';
import { testProvider } from './test-provider-connection.ts';
import { updateProviderById } from './update-provider.ts';

const tags = ['admin'];
const providerParams = uuidParams({ id: 'Provider not found' });

/** `/api/v1/admin/providers`: upstream label providers (staff only, audited writes). */
/** Staff's change is saved either way; what the provider could not do is said after it. */
const savedMessage = (done: string, notice: string | null) => (notice ? `${done}, but ${notice}` : done);

export const adminProviderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { tags, response: { 200: providersResponse } } }, async () => ({
      providers: await readProviders(ctx),
    }));
    app.post(
      '/',
      { schema: { tags, body: createProviderBody, response: { 201: providerResponse } } },
      async (request, reply) => {
        const { provider, notice } = await createProvider(ctx, {
          actor: staffActor(request),
          body: request.body,
        });
        return reply.code(201).send({ message: savedMessage(`${provider.name} added`, notice), provider });
      },
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          params: providerParams,
          body: updateProviderBody,
          response: { 200: providerResponse },
        },
      },
      async (request) => {
        const { provider, notice } = await updateProviderById(ctx, {
          actor: staffActor(request),
          id: request.params.id,
          body: request.body,
        });
        return { message: savedMessage(`${provider.name} saved`, notice), provider };
      },
    );
    app.delete(
      '/:id',
      { schema: { tags, params: providerParams, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => ({
        message: await removeProvider(ctx, { actor: staffActor(request), id: request.params.id }),
      }),
    );
    app.post(
      '/:id/test',
      { schema: { tags, params: providerParams, response: { 200: providerTestResponse } } },
      async (request) => testProvider(ctx, request.params.id),
    );
  };

/** `/api/v1/admin/margins`: what labels cost us beside what resellers paid. */
export const adminMarginRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: marginsQuery, response: { 200: marginsResponse } } },
      async (request) => readMargins(ctx, request.query.days),
    );
  };

/**
 * `/api/v1/admin/reports`: cost and margin for the books (decision 332), as JSON and as a CSV download
 * (`margins.csv`, the same query).
 */
export const adminReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/margins',
      { schema: { tags, querystring: marginsReportQuery, response: { 200: marginsReportResponse } } },
      async (request) => readMarginReport(ctx, request.query),
    );
    app.get(
      '/margins.csv',
      { schema: { tags, querystring: marginsReportQuery, produces: ['text/csv'] } },
      async (request, reply) => {
        const { from, to, groupBy } = request.query;
        return sendAttachment(reply, {
          fileName: `margins-by-${groupBy}-${from}-to-${to}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: marginReportCsv(await readMarginReport(ctx, request.query)),
        });
      },
    );
  };
