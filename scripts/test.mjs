#!/usr/bin/env node
// Runs every test: unit + integration (server on SQLite, then on a throwaway PostgreSQL cluster, web unit
// tests) with Vitest, then the browser tests with Playwright in Debian's chromium. Ends with one line:
// "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp');
mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv[2]; // optional: "unit" or "e2e"

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

if (only !== 'e2e') {
  const report = path.join(out, 'vitest.json');
  rmSync(report, { force: true });
  // Run, then record: `exitCode ||= run(...)` would skip the run once an earlier half failed.
  const code = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  exitCode ||= code;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

if (only !== 'unit') {
  const report = path.join(out, 'playwright.json');
  rmSync(report, { force: true });
  const code = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  exitCode ||= code;
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else {
    totals.failed += 1;
  }
}

if (totals.failed > 0) exitCode ||= 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
