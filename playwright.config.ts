import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT (with E2E_FAKE_PORT, e2e/support/fake-runtime.ts) lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// This file is evaluated by the runner and again by each worker: create the data directory once and pass it on
// through the environment, so every run starts from a fresh, empty instance.
process.env.HEARTH_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), `hearth-e2e-${Date.now()}-`));
const dataDir = process.env.HEARTH_E2E_DATA_DIR;
// The fresh instance's first-account setup code (normally random, printed in the log); global.setup sends it.
process.env.HEARTH_SETUP_CODE ??= 'E2E-SETUP-CODE';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The app follows the browser's language (issue 20): every spec runs in English unless it says otherwise.
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Voice (issue 20): a fake microphone that needs no permission prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [
    // The first account on a fresh instance becomes super_admin: create it before any other spec signs up.
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
  ],
  webServer: {
    // Hearth plus a fake Ollama (see e2e/support/start-with-fakes.ts) that the chat specs steer.
    command: 'node --import tsx e2e/support/start-with-fakes.ts',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HEARTH_SETUP_CODE: process.env.HEARTH_SETUP_CODE,
      // Every spec signs in from the same address; keep the per-IP limit out of the way of a growing suite.
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      // The fake Ollama is the only runtime, and tests change its model list: no caching of that list.
      BUILTIN_RUNTIME: 'false',
      MODEL_LIST_CACHE_MS: '0',
      // The fake runtime answers every request alike: titles stay the question's (auto-title has server tests).
      CHAT_AUTO_TITLE: 'false',
      // GGUF downloads come from the local fake file server.
      ALLOW_PRIVATE_DOWNLOADS: 'true',
      // MCP (issue 20): mcp.spec.ts registers the fake stdio MCP server, started by this very node executable.
      MCP_STDIO_COMMANDS: process.execPath,
    },
  },
});
