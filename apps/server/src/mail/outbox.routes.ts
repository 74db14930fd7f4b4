import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { listOutboxMail } from './outbox.repository.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/**
 * GET /api/v1/dev/outbox?email=: the newest outbox mail for an address, for end-to-end tests and local
 * development. Registered only with DEV_OUTBOX=1 (refused in production and with SMTP), and answers only
 * connections from this machine (the socket's address, not a forwarded header).
 */
export const devOutboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    ctx.log.warn(
      'DEV_OUTBOX is on: mail with one-time codes is readable at /api/v1/dev/outbox from this machine',
    );
    app.get(
      '/outbox',
      {
        config: { permission: 'public' },
        schema: {
          tags: ['dev'],
          querystring: z.object({ email: z.string().min(1).max(254) }),
          response: { 200: z.object({ mails: z.array(outboxMail) }) },
        },
      },
      async (request) => {
        if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw AppError.notFound('Not found');
        const rows = await listOutboxMail(ctx.db, request.query.email, 20);
        return { mails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
      },
    );
  };
