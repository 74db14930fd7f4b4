import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import { startServer, type ServerProcess } from '../../test/server-process.ts';

const REPORTER = path.resolve(import.meta.dirname, '../../test/fixtures/report-aws-sdk-loads.mjs');

/**
 * The S3 client is loaded only when FILE_STORE=s3 (decision 335): a server on the database store never
 * holds it in memory, nor meets its Node-version warning.
 */
describe('the S3 client, loaded on demand (real server processes)', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let s3: TestS3 | undefined;
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await s3?.close();
  });

  const start = async (env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-sdk-'));
    dataDirs.push(dataDir);
    const server = await startServer({ dataDir }, { NODE_OPTIONS: `--import=${REPORTER}`, ...env });
    servers.push(server);
    await server.kill('SIGTERM');
    return server.output();
  };

  it('is not loaded on the database store, and is on FILE_STORE=s3', async () => {
    const onDatabase = await start({});
    expect(onDatabase).not.toContain('loaded ');
    expect(onDatabase).not.toContain('NodeVersionSupportWarning');
    s3 = await startS3('on-demand');
    const onBucket = await start(s3.env);
    expect(onBucket).toContain('/@aws-sdk/client-s3/');
  }, 120_000);
});
