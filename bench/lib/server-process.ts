import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Runs the production server bundle (built first) as its own process, as `npm start` would. BENCH_SERVER_NODE_ARGS
 * passes node flags to it, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under load.
 */
/** Bench servers start with this first-account setup code instead of a random one. */
const BENCH_SETUP_CODE = 'BENCH-SETUP-CODE';

export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      HEARTH_SETUP_CODE: BENCH_SETUP_CODE,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs up and signs in a benchmark account; returns its bearer token. */
export async function benchAccount(url: string): Promise<string> {
  // The setup code lets the first account of a fresh instance sign up; sign-in ignores it.
  const credentials = {
    email: `bench-${Date.now()}@example.test`,
    password: 'Bench-password-1',
    setup_code: BENCH_SETUP_CODE,
  };
  const post = (route: string) =>
    fetch(url + route, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  await post('/api/auth/signup');
  const login = (await (await post('/api/auth/login')).json()) as { access_token: string };
  return login.access_token;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
