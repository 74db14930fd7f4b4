import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { RendererWarmth } from '../labels/index.ts';

/**
 * `/readyz` is 200 once the app takes requests and its database answers; `labels` says whether the
 * label render threads have finished warming up (labels ordered before that wait a few seconds).
 */
export function registerHealth(
  app: FastifyInstance,
  database: Database,
  isReady: () => boolean,
  labelWarmth: () => RendererWarmth,
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' });
    try {
      await database.executeSql('SELECT 1', []);
      return { status: 'ready', database: database.kind, labels: labelWarmth() };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
