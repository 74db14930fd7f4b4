import { defineConfig } from 'vitest/config';

/**
 * Files that assert how fast the server answers while it works (a /healthz bound during a download, a slow
 * client cut off in time): they run alone, after the rest, so a neighbour's CPU does not decide them.
 */
const TIMING_BOUND = [
  'apps/server/src/modules/bulk-orders/bulk-pdf-download.test.ts',
  'apps/server/src/modules/amazon/amazon-hostile.test.ts',
  'apps/server/src/modules/amazon/ship-to-parser.test.ts',
  'apps/server/src/plugins/connection-limits.test.ts',
];

const server = {
  environment: 'node',
  setupFiles: ['apps/server/test/setup.ts'],
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // The run ends with its slowest files named (decision 321).
    reporters: ['default', './scripts/slowest-test-files.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: TIMING_BOUND,
          maxWorkers: 2,
          // A worker loads the server's modules once for all its files (decision 308).
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server-timing',
          include: TIMING_BOUND,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
