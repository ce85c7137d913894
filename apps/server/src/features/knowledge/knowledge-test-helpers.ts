import type { KnowledgeCollection, KnowledgeDocument, KnowledgeSearchResponse } from '@hearth/contract';
import type { TestServer, TestUser } from '../../../test/test-server';

export async function createCollection(server: TestServer, user: TestUser, name: string, description?: string) {
  const response = await server.request<KnowledgeCollection>('/api/knowledge/collections', {
    token: user.token,
    body: { name, description },
  });
  if (response.status !== 201) throw new Error(`create collection: ${response.status}`);
  return response.body;
}

export async function uploadDocument(
  server: TestServer,
  token: string,
  collectionId: string,
  name: string,
  data: Buffer | string,
) {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  const response = await fetch(`${server.url}/api/knowledge/collections/${collectionId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as KnowledgeDocument & { code?: string; message?: string },
  };
}

/** Polls the document until it leaves queued/processing. */
export async function waitForDocument(server: TestServer, token: string, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request<KnowledgeDocument & { content: string | null }>(
      `/api/knowledge/documents/${id}`,
      { token },
    );
    if (response.status !== 200) throw new Error(`document ${id}: ${response.status}`);
    if (response.body.status === 'ready' || response.body.status === 'failed') return response.body;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function search(server: TestServer, token: string, query: string, collectionIds?: string[]) {
  const response = await server.request<KnowledgeSearchResponse>('/api/knowledge/search-knowledge', {
    token,
    body: { query, collectionIds },
  });
  if (response.status !== 200) throw new Error(`search: ${response.status}`);
  return response.body.results;
}

export async function chunkCount(server: TestServer, documentId: string): Promise<number> {
  const row = await server.app.db.kysely
    .selectFrom('knowledge_chunks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
