import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { envProviders } from './model-feature';
import { LlamaRuntime } from './providers/llama-runtime';

describe('model runtimes from the environment', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('has the built-in runtime and the local Ollama by default', () => {
    const loaded = config({});
    expect(loaded.OLLAMA_BASE_URL).toBe('http://127.0.0.1:11434');
    expect(loaded.LLAMA_THREADS).toBeGreaterThanOrEqual(1);
    const runtime = new LlamaRuntime({ gpu: 'false', threads: 1, contextSize: 2048, parallel: 1, idleUnloadMs: 0 });
    const entries = envProviders(loaded, runtime);
    expect(entries.map((entry) => [entry.provider.id, entry.source, entry.group])).toEqual([
      ['builtin', 'builtin', 'builtin'],
      ['ollama', 'env', 'env-ollama'],
    ]);
  });

  it('pools several Ollama URLs into one group and adds an OpenAI-compatible endpoint', () => {
    const loaded = config({
      OLLAMA_BASE_URL: 'http://10.0.0.5:11434, http://10.0.0.6:11434',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      OPENAI_API_KEY: 'sk-x',
      BUILTIN_RUNTIME: 'false',
    });
    const entries = envProviders(loaded, null);
    expect(entries.map((entry) => [entry.provider.id, entry.group, entry.hasApiKey])).toEqual([
      ['ollama', 'env-ollama', false],
      ['ollama-2', 'env-ollama', false],
      ['openai', 'openai', true],
    ]);
    expect(envProviders(config({ OLLAMA_BASE_URL: 'none' }), null)).toEqual([]);
  });

  it('lists every invalid model setting at start-up', () => {
    const error = (() => {
      try {
        config({ OLLAMA_BASE_URL: 'ftp://x', LLAMA_THREADS: '0', LLAMA_GPU: 'tpu', OPENAI_BASE_URL: 'nope' });
        return null;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['OLLAMA_BASE_URL', 'LLAMA_THREADS', 'LLAMA_GPU', 'OPENAI_BASE_URL'])
      expect(problems).toContain(key);
  });
});
