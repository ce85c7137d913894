import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { OllamaProvider } from '../models/providers/ollama.provider';
import { checkableStatements, lexicalSupport, splitStatements, stem } from './answer-support';
import { checkSupport, parseVerdict } from './answer-support-judge';

const HANDBOOK =
  'Employees accrue 2 vacation days per month of service. Unused vacation days expire on 31 March of the ' +
  'following year. Requests go to the HR portal at least 14 days ahead.';
const TRAVEL = 'Travel costs are reimbursed within 30 days when the receipts are uploaded to Expensify.';

describe('lexical answer support', () => {
  it('finds every statement of an answer taken from the passages', () => {
    const answer =
      'Employees accrue 2 vacation days per month of service. Unused vacation days expire on 31 March of the following year.';
    expect(lexicalSupport(answer, [HANDBOOK, TRAVEL])).toEqual({
      supported: 2,
      total: 2,
      unsupported: [],
      method: 'lexical',
    });
  });

  it('counts a partly supported answer and names the statement that is not in the sources', () => {
    const answer =
      'Travel costs are reimbursed within 30 days once receipts are uploaded to Expensify. ' +
      'Managers may also approve first-class flights for long trips.';
    const support = lexicalSupport(answer, [HANDBOOK, TRAVEL]);
    expect(support).toMatchObject({ supported: 1, total: 2 });
    expect(support.unsupported).toEqual(['Managers may also approve first-class flights for long trips.']);
  });

  it('finds nothing of a gibberish answer', () => {
    const support = lexicalSupport(
      'Purple elephants calculate the moonlight quietly. Zorp flibbers the quantum toaster.',
      [HANDBOOK],
    );
    expect(support).toMatchObject({ supported: 0, total: 2 });
  });

  it('does not accept a statement whose numbers differ from the passage', () => {
    const support = lexicalSupport('Employees accrue 3 vacation days per month of service.', [HANDBOOK]);
    expect(support).toMatchObject({ supported: 0, total: 1 });
    expect(lexicalSupport('Employees accrue 2 vacation days per month of service.', [HANDBOOK]).supported).toBe(1);
  });

  it('does not accept a statement that names someone the passage does not', () => {
    expect(lexicalSupport('Travel costs are reimbursed within 30 days via Concur receipts.', [TRAVEL]).supported).toBe(
      0,
    );
  });

  it('accepts the same facts in another wording (inflections, word order)', () => {
    const answer = 'Vacation days are accrued by employees: 2 days for each month served.';
    expect(lexicalSupport(answer, [HANDBOOK])).toMatchObject({ supported: 1, total: 1 });
  });

  it('skips sentences that state nothing and strips markdown and citation marks', () => {
    const answer =
      'Sure! Here is what I found:\n\n- **Employees accrue 2 vacation days** per month of service [1].\n- Thanks.';
    expect(splitStatements(answer)).toContain('Employees accrue 2 vacation days per month of service.');
    expect(checkableStatements(answer)).toHaveLength(1);
    expect(lexicalSupport(answer, [HANDBOOK])).toMatchObject({ supported: 1, total: 1 });
  });

  it('stems inflections alike', () => {
    expect(stem('accrued')).toBe(stem('accrue'));
    expect(stem('accrues')).toBe(stem('accrue'));
    expect(stem('monthly')).toBe(stem('month'));
    expect(stem('policies')).toBe(stem('policy'));
  });
});

describe('model judge', () => {
  let ollama: FakeOllama;
  let provider: OllamaProvider;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    provider = new OllamaProvider({ id: 'ollama', name: 'Ollama', baseUrl: ollama.url, timeoutMs: 2000 });
  });
  afterAll(() => ollama.close());

  it('reads only the exact verdict JSON', () => {
    expect(parseVerdict('{"supported":[1,3]}', 3)).toEqual(new Set([1, 3]));
    expect(parseVerdict('Sure: {"supported":[]}', 2)).toEqual(new Set());
    expect(parseVerdict('{"supported":[4]}', 3)).toBeNull();
    expect(parseVerdict('statement 1 is supported', 3)).toBeNull();
  });

  it('uses the model verdict, marking the statements it did not support', async () => {
    ollama.knobs.reply = '{"supported":[2]}';
    const answer = 'Purple elephants calculate the moonlight quietly. Employees accrue 2 vacation days monthly.';
    const support = await checkSupport({ answer, passages: [HANDBOOK], judge: { provider, model: 'llama3:latest' } });
    expect(support).toEqual({
      supported: 1,
      total: 2,
      unsupported: ['Purple elephants calculate the moonlight quietly.'],
      method: 'model',
    });
    const prompt = JSON.stringify(ollama.chats().at(-1)?.body);
    expect(prompt).toContain('1. Purple elephants');
    expect(prompt).toContain('[1] Employees accrue 2 vacation days');
  });

  it('falls back to word overlap when the reply is not a verdict or the model fails', async () => {
    ollama.knobs.reply = 'I think they are mostly right.';
    const answer = 'Employees accrue 2 vacation days per month of service.';
    const judge = { provider, model: 'llama3:latest' };
    expect(await checkSupport({ answer, passages: [HANDBOOK], judge })).toMatchObject({
      method: 'lexical',
      supported: 1,
    });
    ollama.knobs.failStatus = 500;
    const failures: unknown[] = [];
    const support = await checkSupport({
      answer,
      passages: [HANDBOOK],
      judge,
      onJudgeFailure: (e) => failures.push(e),
    });
    expect(support.method).toBe('lexical');
    expect(failures).toHaveLength(1);
    ollama.knobs.failStatus = null;
  });

  it('answers offline when the runtime does not answer at all', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const judge = {
      provider: new OllamaProvider({ id: 'slow', name: 'Slow', baseUrl: url, timeoutMs: 2000 }),
      model: 'llama3:latest',
    };
    const started = Date.now();
    const support = await checkSupport({
      answer: 'Employees accrue 2 vacation days per month of service.',
      passages: [HANDBOOK],
      judge,
      timeoutMs: 200,
    });
    expect(support.method).toBe('lexical');
    expect(Date.now() - started).toBeLessThan(5_000);
    silent.closeAllConnections();
    silent.close();
  });
});
