import { adminPageQuery, auditQuery, auditResponse, mailResponse, overviewResponse } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { readAudit, readMail, readOverview } from './admin-reads.service.ts';

const tags = ['admin'];

/** `/api/v1/admin`: the overview figures, the audit trail and the mail outbox (staff only). */
export const adminReadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/overview', { schema: { tags, response: { 200: overviewResponse } } }, async () =>
      readOverview(ctx),
    );
    app.get(
      '/audit',
      { schema: { tags, querystring: auditQuery, response: { 200: auditResponse } } },
      async (request) => readAudit(ctx, request.query),
    );
    app.get(
      '/mail',
      { schema: { tags, querystring: adminPageQuery, response: { 200: mailResponse } } },
      async (request) => readMail(ctx, request.query),
    );
  };
