import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The server suite on SQLite (unit + integration), the same integration suite again on a throwaway PostgreSQL
 * cluster, the web app's unit tests in jsdom, and the tests of the project's own lint rules.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, whose tests wait on
    // PostgreSQL, child processes and sockets much of the time (2,900 server tests: 33 min with one, 19.5 with two).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server:sqlite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          env: { HEARTH_TEST_DB: 'sqlite' },
          // The server's 500 modules were loaded again for each of the 277 files (import 912 s of a 19.5 min run);
          // a worker now keeps them. Every file builds its own app, database and fakes, so nothing else is shared
          // (a fake's defaults changed by one test were: fakes copy them). 10.5 min.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:postgres',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.unit.test.ts'],
          env: { HEARTH_TEST_DB: 'postgres' },
          isolate: false, // as above
          globalSetup: ['test/global-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
      // The project's own lint rules (eslint-rules/), tested with ESLint's RuleTester.
      { test: { name: 'tooling', root: '.', include: ['eslint-rules/**/*.test.js'] } },
    ],
  },
});
