import type { KnowledgeSearchResult } from '@hearth/contract';
import { vi } from 'vitest';
import type { ChatRequest, ModelProvider } from '../../models/model-provider';
import type { ModelHandle } from './ask-model';

/** Test fixtures for the advanced search unit tests. */
export const result = (id: string, text: string, score = 0.5): KnowledgeSearchResult => ({
  document_id: id,
  collection_id: 'c1',
  file_name: `${id}.txt`,
  collection_name: 'Notes',
  relevance_score: score,
  snippets: [{ text, highlights: [], page: null, heading_path: null, chunk_id: `${id}-0` }],
  page: null,
  chunk_id: `${id}-0`,
});

/** A model that answers `reply` (or throws it), recording what it was asked. */
export function fakeModel(reply: string | Error): ModelHandle & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  const provider = {
    id: 'fake',
    kind: 'ollama',
    name: 'Fake',
    health: () => Promise.resolve({ connected: true, error: null }),
    listModels: () => Promise.resolve([]),
    async *chat(request: ChatRequest) {
      requests.push(request);
      await Promise.resolve();
      if (reply instanceof Error) throw reply;
      yield { type: 'token' as const, text: reply };
      yield { type: 'done' as const, promptTokens: 1, completionTokens: 1, finishReason: 'stop' as const };
    },
  } satisfies ModelProvider;
  return { provider, model: 'fake-model', requests };
}

export const silentLog = { warn: vi.fn(), error: vi.fn() };
