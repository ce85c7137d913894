/**
 * npm run bench:load -- --replicas N --users U --minutes M
 *
 * Simulated users on loopback against N production server processes (round-robin): sign in, list and open
 * conversations, chat with the built-in runtime on the tiny test model, upload a document, search.
 * One replica runs on SQLite and the data folder; two or more run on a throwaway PostgreSQL cluster and a local
 * S3-compatible store (s3rver), sharing one SECRET, as an operator would deploy them.
 * Prints requests/s, p50/p95/p99 per kind of request, errors, peak RSS per replica, and (several replicas)
 * whether every upload was indexed exactly once. The last line is one JSON object. Never fails on timing.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startFakeS3 } from '../apps/server/test/fakes/fake-s3';
import { startCluster } from '../apps/server/test/postgres-cluster';
import { type ServerProcess, ROOT, round, startServer } from './lib/server-process';
import { LatencyBook } from './lib/stats';
import { type SimulatedUser, signUpUser } from './lib/load-user';

const { values: args } = parseArgs({
  options: {
    replicas: { type: 'string', default: '1' },
    users: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '5' },
  },
});
const REPLICAS = Math.max(1, Number(args.replicas));
const USERS = Math.max(1, Number(args.users));
const MINUTES = Math.max(0.05, Number(args.minutes));
const MODEL_FILE = path.resolve(ROOT, '../shared/models/stories260K/stories260K.gguf');
const SECRET = 'bench-load-secret-shared-by-every-replica-0123456789abcdef';

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'hearth-bench-load-'));
  const modelsDir = path.join(work, 'models');
  mkdirSync(modelsDir, { recursive: true });
  copyFileSync(MODEL_FILE, path.join(modelsDir, 'stories260K.gguf'));
  const cluster = REPLICAS > 1 ? await startCluster() : null;
  const s3 = REPLICAS > 1 ? await startFakeS3('hearth-load') : null;
  const replicas: ServerProcess[] = [];
  try {
    for (let index = 0; index < REPLICAS; index += 1) {
      replicas.push(
        await startServer(
          {
            DATA_DIR: path.join(work, `data-${index}`),
            MODELS_DIR: modelsDir,
            SECRET,
            OLLAMA_BASE_URL: 'none',
            LLAMA_THREADS: '1',
            // The story model never stops by itself: a small window keeps each chat answer short.
            LLAMA_CONTEXT_SIZE: '256',
            LLAMA_GPU: 'false',
            AUTH_RATE_LIMIT_IP_MAX: '100000',
            AUTH_RATE_LIMIT_MAX: '100000',
            ...(cluster ? { DATABASE_URL: cluster.url } : {}),
            ...(s3?.env ?? {}),
          },
          3480 + index,
        ),
      );
    }
    const urls = replicas.map((replica) => replica.url);
    console.log(
      `${REPLICAS} replica(s) on ${cluster ? 'PostgreSQL + S3 (s3rver)' : 'SQLite + data folder'}; ${USERS} users for ${MINUTES} min`,
    );

    const book = new LatencyBook();
    const users: SimulatedUser[] = [];
    for (let index = 0; index < USERS; index += 1) users.push(await signUpUser(urls, index, book));
    const peaks = replicas.map(() => 0);
    const sampler = setInterval(() => {
      replicas.forEach((replica, index) => {
        peaks[index] = Math.max(peaks[index] ?? 0, replica.rssMb());
      });
    }, 1000);

    const before = book.totalRequests;
    const started = performance.now();
    const deadline = Date.now() + MINUTES * 60_000;
    await Promise.all(users.map((user) => user.run(deadline)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const requests = book.totalRequests - before;

    const integrity = await checkUploads(users, cluster?.url ?? null);
    const kinds = book.summary();
    console.log(`requests: ${requests} in ${round(seconds, 1)} s = ${round(requests / seconds, 1)} req/s`);
    console.log('kind                 count  errors   p50 ms   p95 ms   p99 ms');
    for (const [kind, figures] of Object.entries(kinds)) {
      console.log(
        `${kind.padEnd(20)} ${String(figures.count).padStart(6)} ${String(figures.errors).padStart(7)} ${String(figures.p50_ms).padStart(8)} ${String(figures.p95_ms).padStart(8)} ${String(figures.p99_ms).padStart(8)}`,
      );
    }
    if (book.totalErrors > 0) console.log('first error per kind:', book.errorExamples());
    console.log(`peak RSS per replica (MB): ${peaks.join(', ')}`);
    console.log(
      `uploads: ${integrity.uploaded} sent, ${integrity.ready} indexed, ${integrity.missing} missing, ${integrity.duplicateChunks} duplicated chunks`,
    );
    console.log(
      JSON.stringify({
        bench: 'load',
        replicas: REPLICAS,
        database: cluster ? 'postgres' : 'sqlite',
        storage: s3 ? 's3' : 'fs',
        users: USERS,
        minutes: MINUTES,
        requests,
        requests_per_s: round(requests / seconds, 1),
        errors: book.totalErrors,
        kinds,
        peak_rss_mb: peaks,
        uploads: integrity,
      }),
    );
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await s3?.close();
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every uploaded document must end indexed, and (on PostgreSQL) no chunk may exist twice. */
async function checkUploads(users: SimulatedUser[], databaseUrl: string | null) {
  let uploaded = 0;
  let ready = 0;
  const deadline = Date.now() + 120_000;
  for (const user of users) {
    uploaded += user.uploads.length;
    ready += await user.countIndexed(deadline);
  }
  let duplicateChunks = 0;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const result = await client.query<{ n: string }>(
      'select count(*) as n from (select document_id, ordinal from knowledge_chunks group by document_id, ordinal having count(*) > 1) d',
    );
    duplicateChunks = Number(result.rows[0]?.n ?? 0);
    await client.end();
  }
  return { uploaded, ready, missing: uploaded - ready, duplicateChunks };
}

await main();
