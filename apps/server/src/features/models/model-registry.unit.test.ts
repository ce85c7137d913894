import { afterEach, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import type { ControlListener, ControlMessage } from '../events/event-bus';
import type { ChatChunk } from './model-provider';
import { type ProviderEntry, ProviderRegistry } from './model-registry';
import { OllamaProvider } from './providers/ollama.provider';

const signal = () => new AbortController().signal;

function pool(urls: string[], cacheMs = 60_000): ProviderRegistry {
  const fixed: ProviderEntry[] = urls.map((baseUrl, index) => ({
    provider: new OllamaProvider({ id: `ollama-${index + 1}`, name: `Ollama ${index + 1}`, baseUrl, timeoutMs: 1000 }),
    source: 'env',
    baseUrl,
    hasApiKey: false,
    group: 'env-ollama',
  }));
  return new ProviderRegistry({ fixed, loadAdminEntries: async () => [], timeoutMs: 1000, cacheMs });
}

async function drain(stream: AsyncIterable<ChatChunk>): Promise<string> {
  let text = '';
  for await (const chunk of stream) if (chunk.type === 'token') text += chunk.text;
  return text;
}

describe('model registry', () => {
  const fakes: FakeOllama[] = [];
  const start = async (...args: Parameters<typeof startFakeOllama>) => {
    const fake = await startFakeOllama(...args);
    fakes.push(fake);
    return fake;
  };
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close().catch(() => undefined)));
  });

  it('spreads concurrent requests over the endpoints that serve the model (least in flight)', async () => {
    const a = await start({ tokenDelayMs: 20 });
    const b = await start({ tokenDelayMs: 20 });
    const registry = pool([a.url, b.url]);
    const chats = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { provider } = await registry.resolve('llama3:latest');
        return drain(
          provider.chat({ model: 'llama3:latest', messages: [{ role: 'user', content: 'Hi' }], signal: signal() }),
        );
      }),
    );
    expect(chats.every((text) => text === a.knobs.reply)).toBe(true);
    expect(a.chats()).toHaveLength(2);
    expect(b.chats()).toHaveLength(2);
    expect(registry.currentModel).toBe('llama3:latest');
  });

  it('lists each model once and pins by group, so a listed provider id still spreads', async () => {
    const a = await start();
    const b = await start();
    const registry = pool([a.url, b.url]);
    const models = await registry.listModels();
    expect(models.map((model) => model.name)).toEqual(['llama3:latest', 'llava:13b']);
    expect(models[0]?.provider).toEqual({ id: 'ollama-1', kind: 'ollama', name: 'Ollama 1' });
    const { model } = await registry.resolve('llava:13b', 'ollama-2');
    expect(model.capabilities.vision).toBe(true);
    await expect(registry.resolve('nope:1b')).rejects.toMatchObject({ code: 'model_not_found', status: 404 });
    await expect(registry.resolve('llama3:latest', 'unknown')).rejects.toMatchObject({ code: 'model_not_found' });
  });

  it('skips an endpoint that does not answer', async () => {
    const alive = await start();
    const registry = pool(['http://127.0.0.1:9', alive.url]);
    const snapshot = await registry.snapshot();
    expect(snapshot.map((item) => item.state.connected)).toEqual([false, true]);
    expect(snapshot[0]?.state.error).toMatch(/Cannot reach/);
    const { provider } = await registry.resolve('llama3:latest');
    expect(await drain(provider.chat({ model: 'llama3:latest', messages: [], signal: signal() }))).toBe(
      alive.knobs.reply,
    );
  });

  it('moves a request off an endpoint that stopped answering, and marks it down', async () => {
    const dying = await start();
    const alive = await start();
    const registry = pool([dying.url, alive.url]);
    expect((await registry.listModels()).length).toBe(2); // both cached as healthy
    // Make the dying one the least loaded so it is tried first, then take it away.
    registry.begin('ollama-2');
    await dying.close();
    const { provider } = await registry.resolve('llama3:latest');
    expect(await drain(provider.chat({ model: 'llama3:latest', messages: [], signal: signal() }))).toBe(
      alive.knobs.reply,
    );
    registry.end('ollama-2');
    const states = (await registry.snapshot()).map((item) => item.state.connected);
    expect(states).toEqual([false, true]);
  });

  it('serves a cached list while a slow runtime refreshes behind it', async () => {
    const slow = await start();
    const registry = pool([slow.url], 50);
    expect(await registry.listModels()).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    slow.knobs.models = [];
    const started = Date.now();
    expect(await registry.listModels()).toHaveLength(2); // stale but instant
    expect(Date.now() - started).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 30));
    registry.invalidateModels();
    expect(await registry.listModels()).toHaveLength(0);
  });

  it('follows providers that admins add or remove on another replica', async () => {
    const stored: ProviderEntry[] = [];
    const sent: ControlMessage[] = [];
    let fromOthers: ControlListener = () => undefined;
    const registry = new ProviderRegistry({
      fixed: [],
      loadAdminEntries: async () => [...stored],
      timeoutMs: 1000,
      cacheMs: 60_000,
      cluster: {
        broadcastControl: (message) => sent.push(message),
        onControl: (listener) => {
          fromOthers = listener;
          return () => undefined;
        },
      },
    });
    const ids = async () => (await registry.entries()).map((entry) => entry.provider.id);
    expect(await ids()).toEqual([]);
    // Added elsewhere: the list read earlier lacks it, but asking for it by id reads the database again.
    stored.push(adminEntry('p1'));
    expect((await registry.entry('p1'))?.provider.id).toBe('p1');
    // Removed elsewhere: the other replica's notice makes this one read the list again.
    stored.length = 0;
    expect(await ids()).toEqual(['p1']);
    fromOthers({ kind: 'models.providers_changed', providerId: 'p1' });
    expect(await ids()).toEqual([]);
    expect(await registry.entry('p1')).toBeUndefined();
    // A change made here is announced to the others.
    registry.providersChanged('p2');
    expect(sent).toEqual([{ kind: 'models.providers_changed', providerId: 'p2' }]);
  });
});

function adminEntry(id: string): ProviderEntry {
  const baseUrl = 'http://127.0.0.1:9';
  const provider = new OllamaProvider({ id, name: id, baseUrl, timeoutMs: 1000 });
  return { provider, source: 'admin', baseUrl, hasApiKey: false, group: id };
}
