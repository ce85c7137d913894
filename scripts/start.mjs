#!/usr/bin/env node
// Starts Hearth in production mode. Builds whatever is missing or older than its sources first (the web
// app with Vite, the server bundle with esbuild), then runs the server on plain Node.js.
// Usage: npm start (configuration through environment variables; see README.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  {
    name: 'the web app',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    command: ['npm', ['run', 'build', '-w', '@hearth/web']],
  },
  {
    name: 'the server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'packages/contract/src', 'scripts/build-server.mjs', 'package-lock.json'],
    command: [process.execPath, [path.join(root, 'scripts/build-server.mjs')]],
  },
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

for (const target of targets) {
  const output = path.join(root, target.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sources = Math.max(...target.sources.map((source) => newestMtime(path.join(root, source))));
  if (built >= sources) continue;
  console.log(`Building ${target.name}${built ? ' (sources changed since the last build)' : ''}...`);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${target.name} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
