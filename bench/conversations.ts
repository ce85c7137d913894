/**
 * npm run bench:conversations: how the conversation workspace holds up at size (issue 17). Seeds, on SQLite and
 * then on a throwaway PostgreSQL 15 cluster, one user with CONVERSATIONS conversations of MESSAGES_PER messages
 * (10,000 × 100 = 1,000,000 by default) and 100 other users with a smaller history each, by bulk inserts into
 * the real schema (the search triggers index every row as the chat would), then times through the real HTTP
 * stack (auth, validation, service, repository):
 *   list   — the sidebar's first page (GET /api/conversations)
 *   open   — a random conversation's first messages page (GET /api/conversations/:id/messages)
 *   search — a mix of common and rare words, a phrase and a prefix (GET /api/conversations/search)
 * and prints p50/p95 per database (search also split into common and rare words, and search_cpu: this
 * process's CPU time per search, which on a busy machine says more than the wall time); the last line is one
 * JSON object.
 *
 * Smaller runs: BENCH_CONVERSATIONS_SCALE=0.01 (a fraction of the full size), BENCH_DATABASES=sqlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startCluster } from '../apps/server/test/postgres-cluster';
import { signUpBenchUser } from './lib/bench-user';
import { STRONG_PASSWORD_FOR_BENCH, percentile } from './lib/ir-metrics';
import { Corpus } from './lib/chat-corpus';

const SCALE = Number(process.env.BENCH_CONVERSATIONS_SCALE ?? 1);
const CONVERSATIONS = Math.max(10, Math.round(10_000 * SCALE));
const MESSAGES_PER = 100;
const OTHER_USERS = 100;
const OTHER_CONVERSATIONS = Math.max(2, Math.round(50 * SCALE));
const OTHER_MESSAGES_PER = 20;
const SAMPLES = 200;
const ROWS_PER_INSERT = 400;
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());

type Figures = Record<
  'list' | 'open' | 'search' | 'search_common' | 'search_rare' | 'search_cpu',
  { p50: number; p95: number }
>;

const round = (value: number) => Math.round(value * 100) / 100;
const figures = (samples: number[]) => ({ p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) });

interface ConversationSeed {
  id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
  active_leaf_id: string | null;
}

interface MessageSeed {
  id: string;
  conversation_id: string;
  type: 'user' | 'assistant';
  content: string;
  model: string | null;
  attachments: string;
  is_error: number;
  metadata: string;
  created_at: string;
  parent_id: string | null;
}

async function signUp(app: App, email: string, withToken = true): Promise<{ id: string; token: string }> {
  const id = await signUpBenchUser(app, email);
  if (!withToken) return { id, token: '' };
  const login = await app.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD_FOR_BENCH },
  });
  const body = JSON.parse(login.body) as { access_token: string; user: { id: string } };
  return { id: body.user.id, token: body.access_token };
}

/** Conversations and their messages in one chain each (parent_id, active_leaf_id), oldest first. */
async function seedUser(app: App, corpus: Corpus, userId: string, conversations: number, messagesPer: number) {
  const ids: string[] = [];
  let clock = Date.UTC(2024, 0, 1);
  for (let start = 0; start < conversations; start += 50) {
    const batch = Math.min(50, conversations - start);
    const rows: ConversationSeed[] = [];
    const messages: MessageSeed[] = [];
    for (let c = 0; c < batch; c += 1) {
      const id = randomUUID();
      ids.push(id);
      const created = new Date(clock).toISOString();
      let parent: string | null = null;
      for (let m = 0; m < messagesPer; m += 1) {
        clock += 1000 + Math.floor(Math.random() * 60_000);
        const messageId = randomUUID();
        const assistant = m % 2 === 1;
        messages.push({
          id: messageId,
          conversation_id: id,
          type: assistant ? ('assistant' as const) : ('user' as const),
          content: assistant ? corpus.answer() : corpus.question(),
          model: assistant ? corpus.model() : null,
          attachments: '[]',
          is_error: 0,
          metadata: '{}',
          created_at: new Date(clock).toISOString(),
          parent_id: parent,
        });
        parent = messageId;
      }
      const updated = new Date(clock).toISOString();
      rows.push({
        id,
        user_id: userId,
        title: corpus.title(),
        created_at: created,
        updated_at: updated,
        active_leaf_id: parent,
      });
    }
    await app.db.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('chat_conversations').values(rows).execute();
      for (let at = 0; at < messages.length; at += ROWS_PER_INSERT) {
        await tx
          .insertInto('chat_messages')
          .values(messages.slice(at, at + ROWS_PER_INSERT))
          .execute();
      }
    });
    if ((start / 50) % 20 === 0 && conversations > 1000) {
      process.stdout.write(`\r  ${start + batch}/${conversations} conversations`);
    }
  }
  if (conversations > 1000) process.stdout.write('\n');
  return ids;
}

/**
 * This process's CPU time per request, beside the wall time: on a busy machine the wall time mostly measures
 * the wait for a core. On SQLite (in-process) it is the whole request's work; on PostgreSQL the server's part only.
 */
const cpuSamples: number[] = [];

async function time(app: App, token: string, url: string): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const response = await app.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  cpuSamples.push((used.user + used.system) / 1000);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return ms;
}

async function benchDatabase(database: string): Promise<Figures> {
  const cluster = database === 'postgres' ? await startCluster() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-bench-conv-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      LOG_LEVEL: 'silent',
      SUPER_ADMIN_EMAIL: 'conversations@example.test',
      OLLAMA_BASE_URL: 'none',
      BUILTIN_RUNTIME: 'false',
      SIGNUP_MODE: 'open',
      AUTH_RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_IP_MAX: '100000',
    }),
    { logger: false },
  );
  try {
    const corpus = new Corpus(17);
    const me = await signUp(app, 'conversations@example.test');
    console.log(`[${database}] seeding ${OTHER_USERS} other users × ${OTHER_CONVERSATIONS} conversations ...`);
    const t0 = performance.now();
    for (let index = 0; index < OTHER_USERS; index += 1) {
      const other = await signUp(app, `other${index}@example.test`, false);
      await seedUser(app, corpus, other.id, OTHER_CONVERSATIONS, OTHER_MESSAGES_PER);
    }
    console.log(`[${database}] seeding ${CONVERSATIONS} conversations × ${MESSAGES_PER} messages for one user ...`);
    const conversations = await seedUser(app, corpus, me.id, CONVERSATIONS, MESSAGES_PER);
    console.log(`[${database}] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (cluster) {
      // As autovacuum would after a bulk load; without statistics the planner cannot tell common words from rare.
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('analyze');
      await client.end();
    }

    const samples = {
      list: [] as number[],
      open: [] as number[],
      common: [] as number[],
      rare: [] as number[],
      searchCpu: [] as number[],
    };
    const queries = corpus.queries();
    const slowest = new Map<string, number>();
    // Warm the caches and the statement cache as a running server would be.
    for (let i = 0; i < 20; i += 1)
      await time(
        app,
        me.token,
        `/api/conversations/search?q=${encodeURIComponent(queries.common[i % queries.common.length] ?? 'x')}`,
      );
    for (let i = 0; i < SAMPLES; i += 1) {
      samples.list.push(await time(app, me.token, '/api/conversations?limit=50'));
      const id = conversations[Math.floor(Math.random() * conversations.length)] ?? '';
      samples.open.push(await time(app, me.token, `/api/conversations/${id}/messages?limit=50`));
      const common = i % 2 === 0;
      const pool = common ? queries.common : queries.rare;
      const q = pool[i % pool.length] ?? 'x';
      (common ? samples.common : samples.rare).push(
        await time(app, me.token, `/api/conversations/search?q=${encodeURIComponent(q)}`),
      );
      samples.searchCpu.push(cpuSamples.at(-1) ?? 0);
      slowest.set(q, Math.max(slowest.get(q) ?? 0, (common ? samples.common : samples.rare).at(-1) ?? 0));
    }
    const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(`[${database}] slowest searches: ${worst.map(([q, ms]) => `${q} ${round(ms)} ms`).join(', ')}`);
    const result: Figures = {
      list: figures(samples.list),
      open: figures(samples.open),
      search: figures([...samples.common, ...samples.rare]),
      search_common: figures(samples.common),
      search_rare: figures(samples.rare),
      search_cpu: figures(samples.searchCpu),
    };
    for (const [kind, value] of Object.entries(result)) {
      console.log(
        `[${database}] ${kind.padEnd(14)} p50 ${String(value.p50).padStart(7)} ms   p95 ${String(value.p95).padStart(7)} ms`,
      );
    }
    return result;
  } finally {
    await app.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `bench:conversations: ${CONVERSATIONS} conversations × ${MESSAGES_PER} messages for one user, ${OTHER_USERS} other users`,
  );
  const results: Record<string, Figures> = {};
  for (const database of DATABASES) results[database] = await benchDatabase(database);
  console.log(
    JSON.stringify({
      bench: 'conversations',
      conversations: CONVERSATIONS,
      messages: CONVERSATIONS * MESSAGES_PER,
      other_users: OTHER_USERS,
      other_messages: OTHER_USERS * OTHER_CONVERSATIONS * OTHER_MESSAGES_PER,
      samples: SAMPLES,
      results,
    }),
  );
}

await main();
