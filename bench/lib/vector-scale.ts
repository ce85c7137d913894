import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { EmbeddingStateRepository } from '../../apps/server/src/features/knowledge/embeddings/embedding-state.repository';
import { normalize } from '../../apps/server/src/features/knowledge/embeddings/vector-math';
import {
  type VectorScope,
  VectorSearchRepository,
} from '../../apps/server/src/features/knowledge/embeddings/vector-search.repository';
import { VectorRepository } from '../../apps/server/src/features/knowledge/embeddings/vector.repository';
import type { SearchService, SemanticSearch } from '../../apps/server/src/features/knowledge/search.service';
import { startCluster } from '../../apps/server/test/postgres-cluster';
import { buildThroughIndex } from './direct-build';
import { signUpBenchUser } from './bench-user';
import { percentile } from './ir-metrics';

/**
 * `npm run bench:retrieval -- --vectors 100000 [--dims 768] [--queries 100] [--database sqlite|postgres]`:
 * the approximate vector index at scale, without an embedding model (none is available offline). One user gets
 * N one-chunk documents in 1,000 topics: each topic has its own words (for lexical search) and a Gaussian
 * cluster centre (each chunk's vector is its centre plus noise). Queries are a topic's words with a vector near
 * its centre. Prints recall@10 of approximate against exact kNN, and p50/p95 of vector-only and hybrid search
 * (lexical + vectors, RRF: the app's own SearchService), approximate and exact; the last line is JSON.
 */
const TOPICS = 1000;
const WORDS_PER_TOPIC = 6;
const MODEL = 'bench:clustered';

function seeded(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  return { random, gaussian };
}

/** Pronounceable made-up words, distinct per topic, so lexical search has something to find. */
const word = (topic: number, index: number) =>
  `${'bcdfghklmnprstvz'[topic % 16]}${'aeiou'[(topic >> 4) % 5]}${'bcdfghklmnprstvz'[(topic >> 6) % 16]}${'aeiou'[index % 5]}x${topic}w${index}`;

function topicText(topic: number, random: () => number, words: number): string {
  return Array.from({ length: words }, () => word(topic, Math.floor(random() * WORDS_PER_TOPIC))).join(' ');
}

interface Timed {
  ms: number[];
  add(ms: number): void;
}
const timed = (): Timed => ({
  ms: [],
  add(ms) {
    this.ms.push(ms);
  },
});
const p = (values: number[], at: number) => Math.round(percentile(values, at) * 100) / 100;

export async function vectorScale(argument: (name: string) => string | undefined): Promise<void> {
  const count = Number(argument('vectors'));
  const dims = Number(argument('dims') ?? 768);
  const queryCount = Number(argument('queries') ?? 100);
  const database = argument('database') === 'postgres' ? 'postgres' : 'sqlite';
  const { random, gaussian } = seeded(18);
  const cluster = database === 'postgres' ? await startCluster() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-bench-vectors-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      LOG_LEVEL: 'silent',
      // The bench account is named as the super admin, so its sign-up needs no setup code.
      SUPER_ADMIN_EMAIL: 'vectors@example.test',
      OLLAMA_BASE_URL: 'none',
      BUILTIN_RUNTIME: 'false',
    }),
    { logger: false },
  );
  try {
    const userId = await signUpBenchUser(app, 'vectors@example.test');
    const audit = { actorId: userId, actorEmail: 'vectors@example.test', ip: null, userAgent: 'bench:retrieval' };
    const collection = await app.knowledge.knowledgeService.createCollection(userId, { name: 'vectors' }, audit);

    console.log(`Building ${count} chunks × ${dims} dims in ${TOPICS} topics (${database}) ...`);
    let t0 = performance.now();
    const topicOf = (i: number) => i % TOPICS;
    const texts = Array.from({ length: count }, (_, i) => ({
      name: `t${topicOf(i)}-${i}.txt`,
      text: topicText(topicOf(i), random, 12),
    }));
    await buildThroughIndex(app, userId, collection.id, texts);
    const chunkSeconds = (performance.now() - t0) / 1000;

    t0 = performance.now();
    await new EmbeddingStateRepository(app.db.kysely).setActiveModel({ id: MODEL, dims });
    const approximate = new VectorSearchRepository(app.db.kysely, app.db.dialect, console.warn);
    const exact = new VectorSearchRepository(app.db.kysely, app.db.dialect, console.warn, { approximate: false });
    const centers = Array.from({ length: TOPICS }, () => Float32Array.from({ length: dims }, gaussian));
    const near = (topic: number) => normalize((centers[topic] as Float32Array).map((value) => value + gaussian()));
    const vectors = new VectorRepository(app.db.kysely, app.db.dialect);
    const chunks = await app.db.kysely
      .selectFrom('knowledge_chunks as c')
      .innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
      .select(['c.seq', 'd.file_name'])
      .where('c.collection_id', '=', collection.id)
      .orderBy('c.seq')
      .execute();
    for (let start = 0; start < chunks.length; start += 1000) {
      const batch = chunks.slice(start, start + 1000).map((row) => ({
        seq: row.seq,
        text: '',
        userId,
        collectionId: collection.id,
        topic: Number(/^t(\d+)-/.exec(row.file_name)?.[1] ?? 0),
      }));
      await app.uow.run((tx) =>
        vectors.upsert(
          tx,
          batch,
          MODEL,
          batch.map((chunk) => near(chunk.topic)),
        ),
      );
    }
    const vectorSeconds = (performance.now() - t0) / 1000;
    // As at the startup of an instance that had vectors before the index (one build beats 100k inserts into it;
    // SQLite's sketches were written with the vectors).
    t0 = performance.now();
    await approximate.prepareIndex(dims);
    const indexSeconds = (performance.now() - t0) / 1000;
    console.log(
      `  chunks in ${chunkSeconds.toFixed(1)} s, vectors in ${vectorSeconds.toFixed(1)} s, index in ${indexSeconds.toFixed(1)} s`,
    );

    const queries = Array.from({ length: queryCount }, () => {
      const topic = Math.floor(random() * TOPICS);
      return { text: topicText(topic, random, 3), vector: near(topic) };
    });
    const vectorOf = new Map(queries.map((query) => [query.text, query.vector]));
    const scope = (collectionIds: string[] | null): VectorScope => ({ userId, model: MODEL, dims, collectionIds });
    // The app's own SearchService, its semantic side given the bench's query vectors instead of an embedder's.
    const hybridWith = (search: VectorSearchRepository): SearchService => {
      const semantic: SemanticSearch = {
        active: async () => ({ id: MODEL }),
        async nearest(user, query, collectionIds, limit) {
          const vector = vectorOf.get(query);
          if (!vector || !(await search.hasAny(scope(collectionIds)))) return null;
          return await search.nearest({ ...scope(collectionIds), userId: user }, vector, limit);
        },
      };
      return Object.assign(Object.create(Object.getPrototypeOf(app.knowledge.searchService) as object), {
        ...app.knowledge.searchService,
        semantic,
      }) as SearchService;
    };
    const hybrid = { approximate: hybridWith(approximate), exact: hybridWith(exact) };

    // Warm-up (caches, the sketch copy, prepared plans), then measured rounds.
    for (const query of queries.slice(0, 5)) {
      await approximate.nearest(scope(null), query.vector, 60);
      await hybrid.approximate.search(userId, query.text, null, 10);
    }
    const times = { vectorApprox: timed(), vectorExact: timed(), hybridApprox: timed(), hybridExact: timed() };
    let recall = 0;
    for (const query of queries) {
      let t = performance.now();
      const found = await approximate.nearest(scope(null), query.vector, 10);
      times.vectorApprox.add(performance.now() - t);
      t = performance.now();
      const truth = await exact.nearest(scope(null), query.vector, 10);
      times.vectorExact.add(performance.now() - t);
      const ids = new Set(truth.map((hit) => hit.chunk_id));
      recall += found.filter((hit) => ids.has(hit.chunk_id)).length / Math.max(1, truth.length);
      t = performance.now();
      await hybrid.approximate.search(userId, query.text, null, 10);
      times.hybridApprox.add(performance.now() - t);
      t = performance.now();
      await hybrid.exact.search(userId, query.text, null, 10);
      times.hybridExact.add(performance.now() - t);
    }
    const figures = {
      mode: 'vectors',
      database,
      vector_store: await approximate.vectorStore(),
      chunks: chunks.length,
      dims,
      queries: queries.length,
      'recall@10': Math.round((recall / queries.length) * 1000) / 1000,
      vector_approx_p50_ms: p(times.vectorApprox.ms, 50),
      vector_approx_p95_ms: p(times.vectorApprox.ms, 95),
      vector_exact_p50_ms: p(times.vectorExact.ms, 50),
      vector_exact_p95_ms: p(times.vectorExact.ms, 95),
      hybrid_approx_p50_ms: p(times.hybridApprox.ms, 50),
      hybrid_approx_p95_ms: p(times.hybridApprox.ms, 95),
      hybrid_exact_p50_ms: p(times.hybridExact.ms, 50),
      hybrid_exact_p95_ms: p(times.hybridExact.ms, 95),
      build_s: Math.round((chunkSeconds + vectorSeconds) * 10) / 10,
      index_s: Math.round(indexSeconds * 10) / 10,
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 102.4) / 10,
    };
    console.log(`Recall@10 (approximate vs exact)  ${figures['recall@10']}`);
    console.log(`Vector  approx p50 ${figures.vector_approx_p50_ms} ms, p95 ${figures.vector_approx_p95_ms} ms`);
    console.log(`Vector  exact  p50 ${figures.vector_exact_p50_ms} ms, p95 ${figures.vector_exact_p95_ms} ms`);
    console.log(`Hybrid  approx p50 ${figures.hybrid_approx_p50_ms} ms, p95 ${figures.hybrid_approx_p95_ms} ms`);
    console.log(`Hybrid  exact  p50 ${figures.hybrid_exact_p50_ms} ms, p95 ${figures.hybrid_exact_p95_ms} ms`);
    console.log(JSON.stringify(figures));
  } finally {
    await app.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
