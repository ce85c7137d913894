import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './eslint-rules/feature-boundaries.js';

const oneWay = (message, ...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

const restricted = (...groups) => ({ 'no-restricted-imports': ['error', { patterns: groups }] });
const databaseDrivers = {
  group: ['kysely', 'pg', 'better-sqlite3'],
  message: 'Only repositories and db/ touch the database: open a transaction with the UnitOfWork (DESIGN.md §4).',
};
const dbFolder = {
  group: ['**/db/**'],
  message: 'Reach the database through repositories, and transactions through lib/unit-of-work.ts, not db/.',
};
const sqlAllowed = [
  'apps/server/src/**/*.repository.ts',
  'apps/server/src/db/**',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*-test-helpers.ts',
];
const wiring = [
  'apps/server/src/app.ts',
  'apps/server/src/wiring/**',
  'apps/server/src/**/*-feature.ts',
  'apps/server/src/features/events/create-event-bus.ts',
];
const pgEventBus = 'apps/server/src/features/events/pg-event-bus.ts';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Dependencies flow one way: shared code (ui, lib, config) → features → app.
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    rules: oneWay('Shared code must not import features or the app shell.', '**/features/**', '**/app/**'),
  },
  {
    files: ['apps/web/src/features/**'],
    rules: oneWay('Features must not import the app shell.', '**/app/**'),
  },
  // Features reach each other only through index.ts (eslint-rules/feature-boundaries.js); wiring (the web's app
  // shell, the server's app.ts and feature builders) composes features and tests exercise internals: both exempt.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/server/src/features/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-test-helpers.ts', ...wiring],
    plugins: { hearth: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'hearth/feature-boundaries': 'error' },
  },
  // Only repositories and db/ touch SQL. Everything else reaches the database through repositories and opens
  // transactions with the UnitOfWork (lib/unit-of-work.ts), passing its opaque Tx along (DESIGN.md §4).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...sqlAllowed, ...wiring, pgEventBus],
    rules: restricted(databaseDrivers, dbFolder),
  },
  // Wiring builds repositories from the Db handle, so it may name db/, but it runs no SQL itself.
  { files: wiring, rules: restricted(databaseDrivers) },
  // Realtime events cross replicas with LISTEN/NOTIFY on a plain pg connection of their own; no table is touched.
  { files: [pgEventBus], rules: restricted(dbFolder) },
  prettier,
);
