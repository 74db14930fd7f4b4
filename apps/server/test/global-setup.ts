import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteImage } from '../src/db/client.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A tarball of a migrated, empty embedded database that each in-memory test database starts from. */
    pgliteImage: string;
  }
}

/**
 * One throwaway PostgreSQL cluster for the whole run; each test file makes its own database in it. One
 * migrated embedded database, copied by every PGlite test database instead of running initdb and the
 * migrations again (about 0.7 s instead of 2.7 s each).
 */
export default async function setup(project: TestProject) {
  const [cluster, image] = await Promise.all([startPostgresCluster(), createPgliteImage()]);
  const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-pglite-image-'));
  const imageFile = path.join(imageDir, 'migrated.tar');
  fs.writeFileSync(imageFile, image);
  project.provide('postgresUrl', cluster.url);
  project.provide('pgliteImage', imageFile);
  return async () => {
    fs.rmSync(imageDir, { recursive: true, force: true });
    await cluster.stop();
  };
}
