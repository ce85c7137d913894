/**
 * npm run bench:chat — streaming overhead of Hearth over the built-in runtime, with the real tiny GGUF model.
 *
 * 1. Idle RSS of a production server with no model loaded.
 * 2. Direct: node-llama-cpp in this process, same model, threads, context and prompt, alternating run by run
 *    with 3. Through Hearth: POST /v1/chat/completions (stream) with the same prompt and max_tokens.
 *    Throughput is tokens after the first over the time from the first to the last token on each side (what a
 *    reader sees); the same from the first token to the end of the call (stream closed) is printed beside it.
 *    On both sides the first token is the first that makes text: one that makes none is counted, not timed.
 * Then the full chat path POST /api/chat/stream (saves messages, builds context).
 * 4. 100 concurrent chat streams.
 * Prints figures; the last line is one JSON object. Never fails on timing.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getLlama, LlamaCompletion } from 'node-llama-cpp';
import { plainPrompt } from '../apps/server/src/features/models/providers/builtin.provider';
import { readSse } from '../apps/server/src/lib/sse-reader';
import { benchAccount, median, ROOT, round, startServer } from './lib/server-process';

const MODEL_FILE = path.resolve(ROOT, '../shared/models/stories260K/stories260K.gguf');
const MODEL = 'stories260K.gguf';
const PROMPT = 'Once upon a time';
// Long enough that throughput is the steady rate, not the fixed costs of starting and ending a call.
const MAX_TOKENS = Number(process.env.BENCH_MAX_TOKENS ?? 512);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 100);
const THREADS = 1;
// The story model never ends an answer by itself: chat answers run to a full context, so keep it small.
const CONTEXT = 1024;

interface Sample {
  ttftMs: number;
  /** Tokens after the first over the time from the first to the last token, as a reader sees them arrive. */
  tokensPerSecond: number;
  /** The same over the time from the first token to the end of the call (the stream closed, usage sent). */
  toEndTokensPerSecond?: number;
}

/** Throughput over both intervals: first → last token, and first token → the call's end. */
const rates = (tokens: number, first: number, last: number, end: number) => ({
  tokensPerSecond: (tokens - 1) / ((last - first) / 1000),
  toEndTokensPerSecond: (tokens - 1) / ((end - first) / 1000),
});

interface DirectRuntime {
  sample(): Promise<Sample>;
  dispose(): Promise<void>;
}

async function directRuntime(): Promise<DirectRuntime> {
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: THREADS });
  const model = await llama.loadModel({ modelPath: MODEL_FILE });
  const context = await model.createContext({ contextSize: CONTEXT, threads: THREADS });
  return {
    async sample() {
      const sequence = context.getSequence();
      const completion = new LlamaCompletion({ contextSequence: sequence });
      const start = performance.now();
      let first = 0;
      let last = 0;
      let tokens = 0;
      await completion.generateCompletion(plainPrompt([{ role: 'user', content: PROMPT }]), {
        maxTokens: MAX_TOKENS,
        temperature: 0,
        onToken: (chunk) => {
          tokens += chunk.length;
        },
        // The first and last token are those a reader sees: a token that makes no text (the story model's
        // first one is a bare word boundary) is counted but not timed, as Hearth has nothing to send for it.
        onTextChunk: (text) => {
          if (!text) return;
          last = performance.now();
          if (!first) first = last;
        },
      });
      const end = performance.now();
      sequence.dispose();
      return { ttftMs: first - start, ...rates(tokens, first, last, end) };
    },
    async dispose() {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}

async function viaOpenAiApi(url: string, token: string): Promise<Sample> {
  {
    const start = performance.now();
    let first = 0;
    let last = 0;
    let chunks = 0;
    let completionTokens = 0;
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        model: MODEL,
        stream: true,
        stream_options: { include_usage: true },
        temperature: 0,
        max_tokens: MAX_TOKENS,
        messages: [{ role: 'user', content: PROMPT }],
      }),
    });
    if (!response.ok || !response.body)
      throw new Error(`/v1/chat/completions ${response.status}: ${await response.text()}`);
    for await (const { data } of readSse(response.body)) {
      if (data === '[DONE]') continue;
      const chunk = JSON.parse(data) as {
        choices: { delta?: { content?: string } }[];
        usage?: { completion_tokens?: number } | null;
      };
      if (chunk.choices[0]?.delta?.content) {
        last = performance.now();
        if (!first) first = last;
        chunks += 1;
      }
      if (chunk.usage?.completion_tokens) completionTokens = chunk.usage.completion_tokens;
    }
    const end = performance.now();
    const tokens = completionTokens || chunks;
    return { ttftMs: first - start, ...rates(tokens, first, last, end) };
  }
}

const SETTLE_MS = 100;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * Direct and through-Hearth runs alternate (after one warm-up of each), so a busy machine slows both alike;
 * the throughput ratio is the median of the per-pair ratios.
 */
async function compare(url: string, token: string) {
  const runtime = await directRuntime();
  const direct: Sample[] = [];
  const api: Sample[] = [];
  const ratios: number[] = [];
  const toEndRatios: number[] = [];
  try {
    for (let run = 0; run < RUNS + 1; run += 1) {
      // A short rest before each sample: neither side starts while the other's threads are still winding down.
      await settle();
      const d = await runtime.sample();
      await settle();
      const a = await viaOpenAiApi(url, token);
      if (run === 0) continue;
      direct.push(d);
      api.push(a);
      ratios.push(a.tokensPerSecond / d.tokensPerSecond);
      toEndRatios.push((a.toEndTokensPerSecond ?? 0) / (d.toEndTokensPerSecond ?? 1));
    }
  } finally {
    await runtime.dispose();
  }
  return {
    direct: summary(direct),
    api: summary(api),
    throughput: round(median(ratios) * 100, 1),
    throughputToEnd: round(median(toEndRatios) * 100, 1),
  };
}

interface Usage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
}

interface ChatRun extends Sample {
  ok: boolean;
  promptTokens: number;
}

async function chatStream(url: string, token: string, content: string): Promise<ChatRun> {
  const start = performance.now();
  let first = 0;
  let tokens = 0;
  let promptTokens = 0;
  let ok = false;
  const response = await fetch(`${url}/api/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ model: MODEL, content, temperature: 0 }),
  });
  if (!response.ok || !response.body) return { ok: false, ttftMs: 0, tokensPerSecond: 0, promptTokens: 0 };
  for await (const { event, data } of readSse(response.body)) {
    if (event === 'token' && !first) first = performance.now();
    if (event === 'done') {
      ok = true;
      const done = JSON.parse(data) as { message: { metadata?: { usage?: Usage } } };
      tokens = done.message.metadata?.usage?.completion_tokens ?? 0;
      promptTokens = done.message.metadata?.usage?.prompt_tokens ?? 0;
    }
  }
  const end = performance.now();
  return {
    ok,
    promptTokens,
    ttftMs: first ? first - start : 0,
    tokensPerSecond: first ? (tokens - 1) / ((end - first) / 1000) : 0,
  };
}

function summary(samples: Sample[]) {
  return {
    ttft_median_ms: round(median(samples.map((s) => s.ttftMs))),
    tokens_per_second_median: round(median(samples.map((s) => s.tokensPerSecond)), 1),
  };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'hearth-bench-chat-'));
  const modelsDir = path.join(work, 'models');
  mkdirSync(modelsDir, { recursive: true });
  copyFileSync(MODEL_FILE, path.join(modelsDir, MODEL));
  const server = await startServer(
    {
      DATA_DIR: path.join(work, 'data'),
      MODELS_DIR: modelsDir,
      OLLAMA_BASE_URL: 'none',
      LLAMA_THREADS: String(THREADS),
      LLAMA_CONTEXT_SIZE: String(CONTEXT),
      LLAMA_GPU: 'false',
      AUTH_RATE_LIMIT_IP_MAX: '100000',
    },
    3470,
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRss = server.rssMb();
    console.log(`idle server RSS, no model loaded: ${idleRss} MB (target <= 150)`);
    const token = await benchAccount(server.url);

    const { direct: directStats, api: apiStats, throughput, throughputToEnd } = await compare(server.url, token);
    console.log(
      `direct node-llama-cpp:        TTFT ${directStats.ttft_median_ms} ms, ${directStats.tokens_per_second_median} tok/s`,
    );
    console.log(
      `Hearth /v1/chat/completions:  TTFT ${apiStats.ttft_median_ms} ms, ${apiStats.tokens_per_second_median} tok/s`,
    );
    const added = round(apiStats.ttft_median_ms - directStats.ttft_median_ms);
    console.log(
      `added to median first token: ${added} ms (target <= 5); throughput ${throughput} % of direct (target >= 95)`,
    );
    console.log(
      `  (throughput from the first token to the end of the call, stream close included: ${throughputToEnd} % of direct)`,
    );

    const chatRuns: ChatRun[] = [];
    for (let run = 0; run < RUNS; run += 1) chatRuns.push(await chatStream(server.url, token, PROMPT));
    const answered = chatRuns.filter((r) => r.ok);
    const chatStats = summary(answered);
    const promptTokens = median(answered.map((r) => r.promptTokens));
    console.log(
      `Hearth /api/chat/stream (full chat path): TTFT ${chatStats.ttft_median_ms} ms, ${chatStats.tokens_per_second_median} tok/s`,
    );
    console.log(
      `  (its prompt is ${promptTokens} tokens with Hearth's system prompt and context, evaluated before the first token, ` +
        'and the answer runs to the full context: not comparable with the lines above)',
    );

    const started = performance.now();
    const concurrent = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) => chatStream(server.url, token, `${PROMPT} ${index}`)),
    );
    const wall = round((performance.now() - started) / 1000);
    const errors = concurrent.filter((r) => !r.ok).length;
    console.log(`${CONCURRENT} concurrent chat streams: ${errors} errors, all done in ${wall} s`);
    const loadedRss = server.rssMb();
    console.log(`server RSS with the model loaded: ${loadedRss} MB`);

    console.log(
      JSON.stringify({
        bench: 'chat',
        model: MODEL,
        threads: THREADS,
        runs: RUNS,
        idle_rss_mb: idleRss,
        direct: directStats,
        hearth_v1: apiStats,
        hearth_chat_stream: chatStats,
        added_ttft_ms: added,
        throughput_percent_of_direct: throughput,
        throughput_to_end_percent_of_direct: throughputToEnd,
        concurrent: { streams: CONCURRENT, errors, wall_seconds: wall },
        loaded_rss_mb: loadedRss,
      }),
    );
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
