/**
 * Where the e2e run's fake Ollama is controlled from. The fake runs in the web-server process (see
 * start-with-fakes.ts); tests change its behaviour through this small control endpoint.
 */
// E2E_FAKE_PORT lets two runs (e.g. two worktrees) share a machine.
export const FAKE_CONTROL_PORT = Number(process.env.E2E_FAKE_PORT ?? 3102);
export const FAKE_CONTROL_URL = `http://127.0.0.1:${FAKE_CONTROL_PORT}`;

export interface FakeModel {
  name: string;
  parameter_size?: string;
  family?: string;
  families?: string[] | null;
  capabilities?: string[];
  /** The context window /api/show reports, in tokens. */
  context_length?: number;
}

/** The knobs a test may set (a subset of FakeOllamaKnobs); unset ones return to their e2e defaults. */
export interface FakeKnobs {
  models?: FakeModel[];
  reply?: string;
  /** Another answer for these models (Compare). */
  replies?: Record<string, string>;
  /** Chat requests to these models fail with a 500. */
  failingModels?: string[];
  firstTokenDelayMs?: number;
  tokenDelayMs?: number;
  failStatus?: number | null;
  pullSteps?: number;
  pullStepDelayMs?: number;
  /** What Ollama's /api/ps lists; size_vram > 0 means a model sits in GPU memory. */
  running?: { name: string; size: number; size_vram: number }[];
  /**
   * Function calling: offered a tool of this name, the fake calls it; after the tool's result it answers
   * "Tool result: <the result>" (see apps/server/test/fakes/fake-ollama.ts).
   */
  toolCall?: { name: string; arguments: Record<string, unknown> } | null;
}

export const E2E_DEFAULT_KNOBS: Required<FakeKnobs> = {
  models: [{ name: 'llama3:latest', parameter_size: '8.0B', family: 'llama', capabilities: ['completion'] }],
  reply: 'Hello from the **fake** runtime. Here is some `code` and a list:\n\n- one\n- two\n',
  replies: {},
  failingModels: [],
  firstTokenDelayMs: 0,
  tokenDelayMs: 15,
  failStatus: null,
  pullSteps: 3,
  pullStepDelayMs: 0,
  running: [],
  toolCall: null,
};
