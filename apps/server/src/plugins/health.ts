import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export function registerHealth(app: FastifyInstance, database: Database, isReady: () => boolean): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' });
    try {
      await database.executeSql('SELECT 1', []);
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
