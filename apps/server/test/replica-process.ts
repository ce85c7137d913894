import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres-cluster';
import { TEST_SETUP_CODE } from './test-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Bundles the server as `npm start` runs it (apps/server/dist/main.js). */
export function buildServerBundle(): void {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
}

export interface ReplicaProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** kill -9: no shutdown, no lease released. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** One Hearth server as its own process (a replica), on a free loopback port. */
export async function startReplica(env: Record<string, string>): Promise<ReplicaProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-replica-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // Replica tests sign up several accounts; the approval default is tested in-process.
      SIGNUP_MODE: 'open',
      HEARTH_SETUP_CODE: TEST_SETUP_CODE,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`replica exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('replica did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    url,
    pid: child.pid ?? 0,
    child,
    crash: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      cleanup();
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      cleanup();
    },
  };
}
