import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface Cluster {
  url: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** PostgreSQL refuses to run as root: as root, run its binaries as the postgres user. */
function run(command: string, args: string[], asPostgres: boolean): void {
  const [file, fileArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

/** Whether `dir` holds a cluster made by `startCluster(dir)` (its data directory initialised). */
export const hasCluster = (dir: string): boolean => existsSync(path.join(dir, 'data', 'PG_VERSION'));

/**
 * A throwaway PostgreSQL cluster on loopback, owned by the test run and removed after it. Given `keptDir`, the
 * cluster lives there and is kept when stopped, and a cluster already there is started again (benchmarks that
 * search a kept instance from a fresh process).
 */
export async function startCluster(keptDir?: string): Promise<Cluster> {
  const asPostgres = process.getuid?.() === 0;
  const dir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'hearth-pg-'));
  mkdirSync(dir, { recursive: true });
  const data = path.join(dir, 'data');
  const existing = hasCluster(dir);
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  if (!existing) {
    run(
      path.join(PG_BIN_DIR, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'],
      asPostgres,
    );
  }
  run(
    path.join(PG_BIN_DIR, 'pg_ctl'),
    [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300`,
      'start',
    ],
    asPostgres,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(
          path.join(PG_BIN_DIR, 'pg_ctl'),
          ['-D', data, '-m', keptDir ? 'fast' : 'immediate', '-w', 'stop'],
          asPostgres,
        );
      } finally {
        if (!keptDir) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
