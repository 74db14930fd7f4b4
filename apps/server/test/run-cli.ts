import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEST_ENV } from './config.ts';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Runs one of the server's command-line scripts (`src/db/cli/<script>`) as `npm run` does, through tsx,
 * with only `env` set; its exit code and everything it printed.
 */
export async function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `src/db/cli/${script}`, ...args],
      {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          APP_SECRET: TEST_ENV.APP_SECRET!,
          ...env,
        },
        timeout: 60_000,
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}
