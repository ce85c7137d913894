/**
 * npm run bench:retrieval -- --dataset <BEIR folder>
 *
 * Ingests a BEIR corpus (corpus.jsonl, queries.jsonl, qrels/test.tsv) through Hearth's own upload and
 * ingestion pipeline (KnowledgeService.upload → job queue → extract → chunk → index), in process, against a
 * fresh temporary DATA_DIR on SQLite; then runs every judged query through Hearth's own search.
 * Prints nDCG@10 (trec_eval: gain = grade), Recall@100, MRR@10, ingest docs/s, search p50/p95, peak RSS;
 * the last line is one JSON object. Never fails on figures.
 *
 * npm run bench:retrieval -- --embedder <model id> [--dataset <dir>]: the same with that embedding model active
 * (e.g. ollama:nomic-embed-text with OLLAMA_BASE_URL set, builtin:<file>.gguf with MODELS_DIR set), so search is
 * hybrid (BM25 + vectors, reciprocal rank fusion); ingestion time then includes embedding every chunk.
 *
 * npm run bench:retrieval -- --scale 100000 [--dataset <dir>]: ingests that many synthetic documents (each
 * mixes two of the dataset's documents, about one chunk each) and reports ingestion and search latency at that
 * size; quality figures are null there (the judgements do not apply to synthetic documents). Add `--build index`
 * to write them through the index repository (chunker, a unit of work, vectors) instead of upload → job → extract,
 * which is several times faster to build.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { buildThroughIndex } from './lib/direct-build';
import { STRONG_PASSWORD_FOR_BENCH, ndcgAt, percentile, readQrels, recallAt, reciprocalRankAt } from './lib/ir-metrics';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

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

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

async function main(): Promise<void> {
  const dataset = path.resolve(argument('dataset') ?? '../shared/datasets/scifact');
  const source = readJsonl<BeirDoc>(path.join(dataset, 'corpus.jsonl'));
  const queries = new Map(
    readJsonl<{ _id: string; text: string }>(path.join(dataset, 'queries.jsonl')).map((q) => [q._id, q.text]),
  );
  const qrels = readQrels(readFileSync(path.join(dataset, 'qrels', 'test.tsv'), 'utf8'));
  const scale = Number(argument('scale') ?? 0);
  const documents = scale > 0 ? synthetic(source, scale) : source;

  const embedder = argument('embedder') ?? null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-bench-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      OLLAMA_BASE_URL: (embedder?.startsWith('ollama:') && process.env.OLLAMA_BASE_URL) || 'none',
      OPENAI_BASE_URL: embedder?.startsWith('openai:') ? process.env.OPENAI_BASE_URL : undefined,
      OPENAI_API_KEY: embedder?.startsWith('openai:') ? process.env.OPENAI_API_KEY : undefined,
      BUILTIN_RUNTIME: embedder?.startsWith('builtin:') ? 'true' : 'false',
      MODELS_DIR: process.env.MODELS_DIR,
    }),
    { logger: false },
  );
  try {
    const signup = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'retrieval@example.test', password: STRONG_PASSWORD_FOR_BENCH },
    });
    if (signup.statusCode !== 201) throw new Error(`bench signup failed: ${signup.statusCode} ${signup.body}`);
    const userId = (JSON.parse(signup.body) as { user: { id: string } }).user.id;
    const { knowledgeService, searchService, embeddingService } = app.knowledge;
    // The bench acts as its own signed-in user (its changes are audited like any other).
    const audit = { actorId: userId, actorEmail: 'retrieval@example.test', ip: null, userAgent: 'bench:retrieval' };
    if (embedder) {
      console.log(`Embedding model ${JSON.stringify(await embeddingService.setModel(userId, embedder, audit))}`);
    }
    const collection = await knowledgeService.createCollection(userId, { name: path.basename(dataset) }, audit);

    console.log(`Ingesting ${documents.length} documents from ${dataset} ...`);
    const start = performance.now();
    let duplicates = 0;
    // Several uploads in flight, as several browser tabs or users would send them; each is the real upload path.
    let next = 0;
    const uploader = async () => {
      while (next < documents.length) {
        const doc = documents[next++] as BeirDoc;
        const text = [doc.title, doc.text].filter(Boolean).join('\n\n');
        try {
          await knowledgeService.upload(userId, collection.id, `${doc._id}.txt`, Buffer.from(text || doc._id), audit);
        } catch {
          duplicates += 1; // identical bytes already in the collection (409)
        }
      }
    };
    if (argument('build') === 'index') {
      const texts = documents.map((doc) => ({
        name: `${doc._id}.txt`,
        text: [doc.title, doc.text].filter(Boolean).join('\n\n') || doc._id,
      }));
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
    const final = await knowledgeService.getCollection(userId, collection.id);
    console.log(
      `  ${final.document_count} documents (${final.indexing.failed} failed, ${duplicates} duplicates) in ${ingestSeconds.toFixed(1)} s (uploads done after ${uploadSeconds.toFixed(1)} s)`,
    );

    const ndcg: number[] = [];
    const recall: number[] = [];
    const mrr: number[] = [];
    const latencies: number[] = [];
    for (const [queryId, judgements] of qrels) {
      const text = queries.get(queryId);
      if (!text) continue;
      const t0 = performance.now();
      const results = await searchService.search(userId, text, null, 100);
      latencies.push(performance.now() - t0);
      const ranked = results.map((result) => result.file_name.replace(/\.txt$/, ''));
      ndcg.push(ndcgAt(ranked, judgements, 10));
      recall.push(recallAt(ranked, judgements, 100));
      mrr.push(reciprocalRankAt(ranked, judgements, 10));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const figures = {
      dataset: path.basename(dataset),
      queries: ndcg.length,
      scale: scale || null,
      embedder,
      vector_store: embedder ? (await embeddingService.status(userId, false)).vector_store : null,
      'ndcg@10': scale ? null : round(mean(ndcg)),
      'recall@100': scale ? null : round(mean(recall)),
      'mrr@10': scale ? null : round(mean(mrr)),
      ingest_docs_per_s: round(documents.length / ingestSeconds, 1),
      build_s: round(ingestSeconds, 1),
      search_p50_ms: round(percentile(latencies, 50), 2),
      search_p95_ms: round(percentile(latencies, 95), 2),
      peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
    };
    console.log(`nDCG@10     ${figures['ndcg@10']}`);
    console.log(`Recall@100  ${figures['recall@100']}`);
    console.log(`MRR@10      ${figures['mrr@10']}`);
    console.log(`Ingest      ${figures.ingest_docs_per_s} docs/s`);
    console.log(
      `Search      p50 ${figures.search_p50_ms} ms, p95 ${figures.search_p95_ms} ms (${latencies.length} queries)`,
    );
    console.log(`Peak RSS    ${figures.peak_rss_mb} MB`);
    console.log(JSON.stringify(figures));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
