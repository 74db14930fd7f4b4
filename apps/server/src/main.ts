import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { prepareDatabaseAsOwner } from './db/owner-role.ts';
import { precheckDemoPasswords, seedDemoAdmin, seedDemoUser, seedLabelTypes } from './db/seed.ts';
import { queueDefinitions, startWorkers, warmUpLabels } from './jobs/index.ts';
import { startHousekeeping } from './modules/housekeeping/housekeeping.jobs.ts';
import { startVoidJobs } from './modules/refunds/void-jobs.ts';
import { startWebhookWorkers } from './modules/webhooks/webhook-delivery.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The schema owner migrates and grants; `--migrate-only` (a deploy's one-shot step) stops there.
  if (config.databaseOwnerUrl && config.databaseUrl)
    await prepareDatabaseAsOwner({
      ownerUrl: config.databaseOwnerUrl,
      appUrl: config.databaseUrl,
      queues: queueDefinitions(config),
    });
  if (process.argv.includes('--migrate-only')) {
    if (!config.databaseOwnerUrl) {
      const database = await createDatabase({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: 2,
      });
      await database.migrate();
      await database.close();
    }
    console.log('Database migrated');
    return;
  }

  if (config.seedDemo) precheckDemoPasswords(config);
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  await seedLabelTypes(database.db);
  // Label jobs queued before a restart resume here; app.close() stops the workers gracefully.
  await startWorkers(app.ctx);
  await startHousekeeping(app.ctx);
  await startVoidJobs(app.ctx);
  await startWebhookWorkers(app.ctx);
  if (config.seedDemo) {
    await seedDemoUser(database.db, app.ctx.sealer, app.log, config.demoPassword);
    await seedDemoAdmin(database.db, app.ctx.sealer, app.log, config.demoAdminPassword);
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  warmUpLabels(app.ctx);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(
    `LabelPort ready on http://localhost:${config.port} (database: ${where}) in ${Math.round(performance.now() - startedAt)} ms`,
  );
}

void main();
