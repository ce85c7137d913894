import { MAX_TOOL_CALLS_PER_ANSWER, TOOL_LIMIT_REACHED_RESULT, type ToolCallRecord } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { ChatRequest, ModelProvider } from '../models';
import type { ChatChunk } from '../models/model-provider';
import { createToolSession } from '../tools/tool-session';
import type { AvailableTool } from '../tools';
import { runWithTools } from './tool-loop';

/** A runtime that asks for `echo` whenever it is offered tools, and otherwise answers in words. */
function scriptedProvider(callsPerRound = 1, refuseTools = false) {
  const requests: ChatRequest[] = [];
  const provider: ModelProvider = {
    id: 'scripted',
    kind: 'openai',
    name: 'Scripted',
    health: async () => ({ connected: true, error: null }),
    listModels: async () => [],
    async *chat(request): AsyncGenerator<ChatChunk> {
      requests.push(request);
      if (refuseTools && request.tools) throw new Error('this model does not support tools');
      if (request.tools) {
        const round = requests.length;
        const calls = Array.from({ length: callsPerRound }, (_, index) => ({
          id: `c${round}-${index}`,
          name: 'echo',
          arguments: JSON.stringify({ text: `round ${round}` }),
        }));
        yield { type: 'tool_calls', calls };
        yield { type: 'done', promptTokens: 10, completionTokens: 1, finishReason: 'tool_calls' };
        return;
      }
      yield { type: 'token', text: 'Final words.' };
      yield { type: 'done', promptTokens: 10, completionTokens: 2, finishReason: 'stop' };
    },
  };
  return { provider, requests };
}

const echo = (overrides: Partial<AvailableTool> = {}): AvailableTool => ({
  spec: { name: 'echo', description: 'Echo', parameters: { type: 'object' } },
  source: 'Built-in',
  approval: 'auto',
  run: async (args) => String(args.text),
  ...overrides,
});

const hooks = (approve = true) => ({
  audited: [] as ToolCallRecord[],
  awaitApproval: async () => approve,
  async audit(record: ToolCallRecord) {
    this.audited.push(record);
  },
});

const session = (tool: AvailableTool, approve = true, limits = {}) => {
  const h = hooks(approve);
  const signal = new AbortController().signal;
  const tools = createToolSession([tool], { userId: 'u', conversationId: 'c', signal }, h, {
    callTimeoutMs: 1000,
    resultMaxChars: 50,
    approvalTimeoutMs: 1000,
    ...limits,
  });
  return { tools, h };
};

const noop = () => undefined;

const request = (): ChatRequest => ({
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
  signal: new AbortController().signal,
});

describe('the tool-call loop', () => {
  it(`runs at most ${MAX_TOOL_CALLS_PER_ANSWER} calls, answers every call, then asks once more without tools`, async () => {
    const { provider, requests } = scriptedProvider(3);
    const { tools, h } = session(echo());
    const answer = await runWithTools({ provider, request: request(), session: tools });
    expect(answer.calls).toHaveLength(MAX_TOOL_CALLS_PER_ANSWER);
    expect(h.audited).toHaveLength(MAX_TOOL_CALLS_PER_ANSWER);
    expect(answer.text).toBe('Final words.');
    const last = requests.at(-1) ?? request();
    expect(last.tools).toBeUndefined();
    // Round 3 asked for 3 calls with only 2 left: the third got the limit message, so no call is left unanswered.
    const toolTurns = last.messages.filter((turn) => turn.role === 'tool');
    expect(toolTurns).toHaveLength(9);
    expect(toolTurns.at(-1)?.content).toBe(TOOL_LIMIT_REACHED_RESULT);
    expect(answer.promptTokens).toBe(10 * requests.length);
  });

  it('answers without tools when the runtime refuses them', async () => {
    const { provider, requests } = scriptedProvider(1, true);
    const answer = await runWithTools({ provider, request: request(), session: session(echo()).tools });
    expect(answer.text).toBe('Final words.');
    expect(answer.calls).toEqual([]);
    expect(requests.map((r) => Boolean(r.tools))).toEqual([true, false]);
  });

  it('reports unknown tools, bad arguments, failures, timeouts and long results as such', async () => {
    const run = (tool: AvailableTool, call: { name?: string; arguments?: string } = {}) =>
      session(tool).tools.call(
        { id: 'x', name: call.name ?? 'echo', arguments: call.arguments ?? '{"text":"a"}' },
        noop,
      );
    expect(await run(echo(), { name: 'nope' })).toMatchObject({
      status: 'failed',
      result: 'There is no tool named "nope".',
    });
    expect(await run(echo(), { arguments: '{oops' })).toMatchObject({
      status: 'failed',
      result: 'The arguments are not valid JSON.',
    });
    const broken = echo({ run: async () => Promise.reject(new Error('disk on fire')) });
    expect(await run(broken)).toMatchObject({ status: 'failed', result: 'disk on fire' });
    const slow = echo({ run: () => new Promise(noop) });
    const timedOut = await session(slow, true, { callTimeoutMs: 50 }).tools.call(
      { id: 'x', name: 'echo', arguments: '{}' },
      noop,
    );
    expect(timedOut).toMatchObject({ status: 'failed', result: 'The tool did not answer within 0 seconds.' });
    const long = await run(echo({ run: async () => 'y'.repeat(500) }));
    expect(long.status).toBe('done');
    expect(long.result).toMatch(/^y{50}\n… \(cut: the result had 500 characters, the limit is 50\)$/);
  });

  it('waits for approval when the tool asks first; a declined call does not run', async () => {
    let ran = false;
    const asking = echo({ approval: 'ask', run: async () => ((ran = true), 'ran') });
    const updates: string[] = [];
    const declined = await session(asking, false).tools.call({ id: 'x', name: 'echo', arguments: '{}' }, (record) =>
      updates.push(record.status),
    );
    expect(updates).toEqual(['awaiting_approval', 'denied']);
    expect(declined).toMatchObject({ status: 'denied', result: 'The user declined this call.' });
    expect(ran).toBe(false);
    const approved = await session(asking, true).tools.call({ id: 'x', name: 'echo', arguments: '{}' }, noop);
    expect(approved).toMatchObject({ status: 'done', result: 'ran' });
  });
});
