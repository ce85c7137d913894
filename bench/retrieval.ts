/**
 * npm run bench:retrieval -- --dataset <BEIR folder>
 *
 * Ingests a BEIR corpus (corpus.jsonl, queries.jsonl, qrels/test.tsv) through Hearth's own upload and
 * ingestion pipeline (KnowledgeService.upload → job queue → extract → chunk → index), in process, against a
 * fresh temporary DATA_DIR on SQLite (or, with `--database postgres`, a throwaway PostgreSQL 15 cluster like the
 * tests start); then runs every judged query through Hearth's own search, and through a reference BM25 computed
 * here over whole documents (k1 0.9, b 0.4, title + text, Porter + English stopwords: bench/lib/reference-bm25.ts).
 * Prints nDCG@10 (trec_eval: gain = grade), Recall@100, MRR@10 for both, ingest docs/s, search p50/p95 (100
 * documents; the same queries again, posting lists cached; 10 documents), peak RSS; the last line is one JSON
 * object. Never fails on figures.
 *
 * npm run bench:retrieval -- --embedder <model id> [--dataset <dir>]: the same with that embedding model active
 * (e.g. ollama:nomic-embed-text with OLLAMA_BASE_URL set, builtin:<file>.gguf with MODELS_DIR set), so search is
 * hybrid (BM25 + vectors, reciprocal rank fusion); ingestion time then includes embedding every chunk.
 *
 * npm run bench:retrieval -- --scale 100000 [--dataset <dir>]: ingests that many synthetic documents (each
 * mixes two of the dataset's documents, about one chunk each) and reports ingestion and search latency at that
 * size; quality figures are null there (the judgements do not apply to synthetic documents). Add `--build index`
 * to write them through the index repository (chunker, a unit of work, vectors) instead of upload → job → extract,
 * which is several times faster to build. `--users U` spreads the synthetic documents over U users (one
 * collection each; the searching user is one of them and holds `--mine M` documents, default scale / U), so
 * latency is measured with other users' data on the instance. `--rest S` waits S seconds between the build and
 * the searches. `--keep DIR` keeps the built instance in DIR; `--reuse DIR` (same other arguments) searches it from
 * a fresh process without building, so the build's memory and aftermath stay out of the figures; that process warms
 * its search cache at start as a server does (LEXICAL_CACHE_WARM_MB), waited for before searching, unless `--cold`.
 *
 * npm run bench:retrieval -- --vectors 100000 [--dims 768] [--queries 100] [--database sqlite|postgres]: the
 * approximate vector index (HNSW / sign-bit sketches) against exact kNN on generated clustered vectors: recall@10
 * and p50/p95 of vector-only and hybrid search (bench/lib/vector-scale.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { KnowledgeSearchResult } from '@hearth/contract';
import { type App, buildApp } from '../apps/server/src/app';
import { KnowledgeRepository } from '../apps/server/src/features/knowledge/knowledge.repository';
import { loadConfig, sqliteFileIn } from '../apps/server/src/config';
import { refreshPlannerStatistics } from '../apps/server/src/db/database';
import { hasCluster, startCluster } from '../apps/server/test/postgres-cluster';
import { signUpBenchUser } from './lib/bench-user';
import { buildThroughIndex } from './lib/direct-build';
import { vectorScale } from './lib/vector-scale';
import { ReferenceBm25 } from './lib/reference-bm25';
import { ndcgAt, percentile, readQrels, recallAt, reciprocalRankAt } from './lib/ir-metrics';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Whether a flag without a value (`--cold`) is given. */
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const UPLOAD_CONCURRENCY = 8;
const round = (value: number, digits = 4) => Number(value.toFixed(digits));

interface BeirDoc {
  _id: string;
  title?: string;
  text?: string;
}

/** `count` distinct documents, each the first half of one source document and the second half of another. */
function synthetic(source: BeirDoc[], count: number): BeirDoc[] {
  return Array.from({ length: count }, (_, i) => {
    const a = source[i % source.length] as BeirDoc;
    const b = source[(i * 7919 + 13) % source.length] as BeirDoc;
    const textA = a.text ?? '';
    const textB = b.text ?? '';
    return {
      _id: `synthetic-${i}`,
      title: `${a.title ?? ''} (${i})`,
      text: `${textA.slice(0, 500)} ${textB.slice(textB.length / 2, textB.length / 2 + 400)}`,
    };
  });
}

const documentText = (doc: BeirDoc) => [doc.title, doc.text].filter(Boolean).join('\n\n') || doc._id;

/** The bench's own account (named as the super admin, so its sign-up needs no setup code). */
const BENCH_EMAIL = 'retrieval@example.test';

/** Per-query metrics, averaged. */
class Scores {
  private readonly ndcg: number[] = [];
  private readonly recall: number[] = [];
  private readonly mrr: number[] = [];

  add(ranked: string[], judgements: Map<string, number>): void {
    this.ndcg.push(ndcgAt(ranked, judgements, 10));
    this.recall.push(recallAt(ranked, judgements, 100));
    this.mrr.push(reciprocalRankAt(ranked, judgements, 10));
  }

  figures() {
    const mean = (values: number[]) => round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
    return { 'ndcg@10': mean(this.ndcg), 'recall@100': mean(this.recall), 'mrr@10': mean(this.mrr) };
  }
}

/** Other users' documents, one collection each, written through the index (the fast path). */
async function buildOthers(app: App, documents: BeirDoc[], count: number): Promise<void> {
  const each = Math.ceil(documents.length / count);
  for (let user = 0; user < count; user += 1) {
    const id = randomUUID();
    const now = new Date().toISOString();
    await app.db.kysely
      .insertInto('profiles')
      .values({
        id,
        email: `other-${user}@example.test`,
        full_name: null,
        avatar_url: null,
        status: 'active',
        banned_at: null,
        banned_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const collectionId = randomUUID();
    await new KnowledgeRepository(app.db.kysely).createCollection({
      id: collectionId,
      user_id: id,
      name: `other ${user}`,
      description: null,
      created_at: now,
      updated_at: now,
    });
    const slice = documents.slice(user * each, (user + 1) * each);
    await buildThroughIndex(
      app,
      id,
      collectionId,
      slice.map((doc) => ({ name: `${doc._id}.txt`, text: documentText(doc) })),
    );
  }
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

interface BuildOptions {
  dataset: string;
  documents: BeirDoc[];
  mine: number;
  users: number;
  embedder: string | null;
  database: string;
}

/** Signs the bench user up and builds the instance (other users, then the user's own documents). */
async function build(app: App, options: BuildOptions): Promise<{ userId: string; ingestSeconds: number }> {
  const { dataset, documents, mine, users, embedder, database } = options;
  const userId = await signUpBenchUser(app, BENCH_EMAIL);
  const { knowledgeService, embeddingService } = app.knowledge;
  // The bench acts as its own signed-in user (its changes are audited like any other).
  const audit = { actorId: userId, actorEmail: BENCH_EMAIL, ip: null, userAgent: 'bench:retrieval' };
  if (embedder) {
    console.log(`Embedding model ${JSON.stringify(await embeddingService.setModel(userId, embedder, audit))}`);
  }
  const collection = await knowledgeService.createCollection(userId, { name: path.basename(dataset) }, audit);

  if (users > 1) {
    const others = documents.slice(mine);
    console.log(`Building ${others.length} documents of ${users - 1} other users ...`);
    const t0 = performance.now();
    await buildOthers(app, others, users - 1);
    console.log(`  in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const own = documents.slice(0, mine);
  console.log(`Ingesting ${own.length} documents from ${dataset} (${database}) ...`);
  const start = performance.now();
  let duplicates = 0;
  // Several uploads in flight, as several browser tabs or users would send them; each is the real upload path.
  let next = 0;
  const uploader = async () => {
    while (next < own.length) {
      const doc = own[next++] as BeirDoc;
      try {
        await knowledgeService.upload(userId, collection.id, `${doc._id}.txt`, Buffer.from(documentText(doc)), audit);
      } catch {
        duplicates += 1; // identical bytes already in the collection (409)
      }
    }
  };
  if (argument('build') === 'index') {
    const texts = own.map((doc) => ({ name: `${doc._id}.txt`, text: documentText(doc) }));
    await buildThroughIndex(app, userId, collection.id, texts);
  } else {
    await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, uploader));
  }
  const uploadSeconds = (performance.now() - start) / 1000;
  for (;;) {
    const { indexing } = await knowledgeService.getCollection(userId, collection.id);
    if (indexing.pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // With an embedding model, documents are embedded during ingestion; wait for any re-embedding job as well.
  while (embedder) {
    const status = await embeddingService.status(userId, false);
    const entry = status.collections.find((item) => item.collection_id === collection.id);
    if (!entry || entry.embedded_chunks >= entry.total_chunks) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const ingestSeconds = (performance.now() - start) / 1000;
  await refreshPlannerStatistics(app.db);
  const final = await knowledgeService.getCollection(userId, collection.id);
  console.log(
    `  ${final.document_count} documents (${final.indexing.failed} failed, ${duplicates} duplicates) in ${ingestSeconds.toFixed(1)} s (uploads done after ${uploadSeconds.toFixed(1)} s)`,
  );
  return { userId, ingestSeconds };
}

/** The bench user of an instance kept by an earlier run (`--reuse`). */
async function keptUser(app: App): Promise<string> {
  const row = await app.db.kysely
    .selectFrom('profiles')
    .select('id')
    .where('email', '=', BENCH_EMAIL)
    .executeTakeFirst();
  if (!row) throw new Error('no kept instance there: run with --keep first');
  return row.id;
}

/**
 * `--reuse DIR` searches what `--keep DIR` left there with the same --database: said before anything is made
 * there (a PostgreSQL run on a directory kept on SQLite made an empty cluster in it, then found no bench user).
 */
function assertKept(dir: string, database: 'sqlite' | 'postgres'): void {
  const made =
    database === 'postgres' ? hasCluster(path.join(dir, 'postgres')) : existsSync(sqliteFileIn(path.join(dir, 'data')));
  if (!made) {
    throw new Error(`no kept ${database} instance in ${dir}: run with --keep ${dir} and the same --database first`);
  }
}

async function main(): Promise<void> {
  // The vector index at scale, with generated vectors: its own mode (bench/lib/vector-scale.ts).
  if (argument('vectors')) return await vectorScale(argument);
  const dataset = path.resolve(argument('dataset') ?? '../shared/datasets/scifact');
  const source = readJsonl<BeirDoc>(path.join(dataset, 'corpus.jsonl'));
  const queries = new Map(
    readJsonl<{ _id: string; text: string }>(path.join(dataset, 'queries.jsonl')).map((q) => [q._id, q.text]),
  );
  const qrels = readQrels(readFileSync(path.join(dataset, 'qrels', 'test.tsv'), 'utf8'));
  const scale = Number(argument('scale') ?? 0);
  // `--keep DIR` keeps the instance (data directory, PostgreSQL cluster) in DIR; `--reuse DIR` searches one kept
  // there from this fresh process, without building (same --dataset, --database and --scale as when kept).
  const kept = argument('keep') ?? argument('reuse');
  const reuse = argument('reuse') !== undefined;
  // A kept instance searched again needs no synthetic documents (their judgements do not apply) in its memory.
  const documents = scale > 0 ? (reuse ? [] : synthetic(source, scale)) : source;
  const users = Math.max(1, Number(argument('users') ?? 1));
  const mine = scale > 0 ? Math.min(scale, Number(argument('mine') ?? Math.round(scale / users))) : documents.length;
  const database = argument('database') === 'postgres' ? 'postgres' : 'sqlite';
  if (reuse && kept) assertKept(path.resolve(kept), database);
  const cluster = database === 'postgres' ? await startCluster(kept && path.resolve(kept, 'postgres')) : null;

  const embedder = argument('embedder') ?? null;
  const dataDir = kept ? path.resolve(kept, 'data') : mkdtempSync(path.join(tmpdir(), 'hearth-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      LOG_LEVEL: 'silent',
      SUPER_ADMIN_EMAIL: BENCH_EMAIL,
      OLLAMA_BASE_URL: (embedder?.startsWith('ollama:') && process.env.OLLAMA_BASE_URL) || 'none',
      OPENAI_BASE_URL: embedder?.startsWith('openai:') ? process.env.OPENAI_BASE_URL : undefined,
      OPENAI_API_KEY: embedder?.startsWith('openai:') ? process.env.OPENAI_API_KEY : undefined,
      BUILTIN_RUNTIME: embedder?.startsWith('builtin:') ? 'true' : 'false',
      MODELS_DIR: process.env.MODELS_DIR,
      // `--cold`: no warm-up of the search cache at start (every list read on first use).
      LEXICAL_CACHE_WARM_MB: flag('cold') ? '0' : undefined,
    }),
    { logger: false },
  );
  try {
    const own = documents.slice(0, mine);
    const { userId, ingestSeconds } = reuse
      ? { userId: await keptUser(app), ingestSeconds: null }
      : await build(app, { dataset, documents, mine, users, embedder, database });
    const { searchService, embeddingService } = app.knowledge;
    // The server's warm-up after its start; before a build (the instance empty then) it reads nothing.
    const warmed = await app.warmed;
    if (warmed?.lists) {
      console.log(
        `Warm-up     ${warmed.lists} lists, ${round(warmed.bytes / 2 ** 20, 1)} MB in ${round(warmed.seconds, 1)} s`,
      );
    }

    // `--rest S`: wait S seconds before searching, so a long build's aftermath (the database's background
    // writes and autovacuum, a machine slowed by minutes of full load) does not land in the search figures.
    const rest = Number(argument('rest') ?? 0);
    if (rest > 0) {
      console.log(`Resting ${rest} s before searching ...`);
      await new Promise((resolve) => setTimeout(resolve, rest * 1000));
    }

    const hearth = new Scores();
    const reference = new Scores();
    const bm25 = scale
      ? null
      : new ReferenceBm25(
          own.map((doc) => doc._id),
          own.map(documentText),
        );
    /** Every judged query searched for `limit` documents, in order; the latency of each. */
    const timed = async (
      limit: number,
      seen?: (text: string, results: KnowledgeSearchResult[], judgements: Map<string, number>) => void,
    ) => {
      const times: number[] = [];
      for (const [queryId, judgements] of qrels) {
        const text = queries.get(queryId);
        if (!text) continue;
        const t0 = performance.now();
        const results = await searchService.search(userId, text, null, limit);
        times.push(performance.now() - t0);
        seen?.(text, results, judgements);
      }
      return times;
    };
    const latencies = await timed(100, (text, results, judgements) => {
      hearth.add(
        results.map((result) => result.file_name.replace(/\.txt$/, '')),
        judgements,
      );
      if (bm25) reference.add(bm25.search(text, 100), judgements);
    });
    // The same queries again: the first run read each term's posting lists from the database (the cache was
    // empty), this one finds those it kept (LEXICAL_CACHE_MB), as repeated searches of a collection do.
    const again = await timed(100);
    // The search screen's and chat's usual size: 10 documents (the figures above ask for 100).
    const latencies10 = await timed(10);
    const figures = {
      dataset: path.basename(dataset),
      queries: latencies.length,
      scale: scale || null,
      embedder,
      vector_store: embedder ? (await embeddingService.status(userId, false)).vector_store : null,
      database,
      users,
      own_documents: mine,
      ...(scale ? { 'ndcg@10': null, 'recall@100': null, 'mrr@10': null } : hearth.figures()),
      reference_bm25: scale ? null : reference.figures(),
      ingest_docs_per_s: ingestSeconds === null ? null : round(own.length / ingestSeconds, 1),
      build_s: ingestSeconds === null ? null : round(ingestSeconds, 1),
      warm_lists: warmed?.lists ?? null,
      warm_mb: warmed ? round(warmed.bytes / 2 ** 20, 1) : null,
      search_p50_ms: round(percentile(latencies, 50), 2),
      search_p95_ms: round(percentile(latencies, 95), 2),
      search_again_p50_ms: round(percentile(again, 50), 2),
      search_again_p95_ms: round(percentile(again, 95), 2),
      search_top10_p50_ms: round(percentile(latencies10, 50), 2),
      search_top10_p95_ms: round(percentile(latencies10, 95), 2),
      peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
    };
    const ref = figures.reference_bm25;
    console.log(`            Hearth (${database})  reference BM25`);
    console.log(`nDCG@10     ${figures['ndcg@10']}  ${ref?.['ndcg@10'] ?? '-'}`);
    console.log(`Recall@100  ${figures['recall@100']}  ${ref?.['recall@100'] ?? '-'}`);
    console.log(`MRR@10      ${figures['mrr@10']}  ${ref?.['mrr@10'] ?? '-'}`);
    console.log(`Ingest      ${figures.ingest_docs_per_s} docs/s`);
    console.log(
      `Search      p50 ${figures.search_p50_ms} ms, p95 ${figures.search_p95_ms} ms (${latencies.length} queries, 100 documents)`,
    );
    console.log(
      `            p50 ${figures.search_again_p50_ms} ms, p95 ${figures.search_again_p95_ms} ms (100 documents, the same queries again)`,
    );
    console.log(
      `            p50 ${figures.search_top10_p50_ms} ms, p95 ${figures.search_top10_p95_ms} ms (10 documents)`,
    );
    console.log(`Peak RSS    ${figures.peak_rss_mb} MB`);
    console.log(JSON.stringify(figures));
  } finally {
    await app.close();
    cluster?.stop();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
