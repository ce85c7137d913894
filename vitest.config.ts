import { defineConfig } from 'vitest/config';

/**
 * The server suite on SQLite (unit + integration), the same integration suite again on a throwaway PostgreSQL
 * cluster, the web app's unit tests in jsdom, and the tests of the project's own lint rules.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server:sqlite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          env: { HEARTH_TEST_DB: 'sqlite' },
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
