import { createHash, randomUUID } from 'node:crypto';
import type { App } from '../../apps/server/src/app';
import { ChunkIndexRepository } from '../../apps/server/src/features/knowledge/chunk-index.repository';
import { chunkSections } from '../../apps/server/src/features/knowledge/chunker';
import { VectorRepository } from '../../apps/server/src/features/knowledge/embeddings/vector.repository';
import { KnowledgeRepository } from '../../apps/server/src/features/knowledge/knowledge.repository';

/**
 * `--build index`: writes documents straight through the index repository (the same chunker, the same
 * unit of work as ingestion with FTS5 rows, and vectors from the active embedding model), skipping upload,
 * extraction and the job queue; for measuring search at a size the full pipeline takes too long to build.
 */
export async function buildThroughIndex(
  app: App,
  userId: string,
  collectionId: string,
  texts: { name: string; text: string }[],
): Promise<void> {
  const documents = new KnowledgeRepository(app.db.kysely);
  const index = new ChunkIndexRepository(app.db.kysely, app.db.dialect);
  const vectors = new VectorRepository(app.db.kysely, app.db.dialect);
  const model = await app.knowledge.embeddingService.active(true);
  for (const { name, text } of texts) {
    const now = new Date().toISOString();
    const id = randomUUID();
    const sha256 = createHash('sha256').update(text).digest('hex');
    const row = { id, collection_id: collectionId, user_id: userId, file_name: name, file_type: 'txt' };
    await documents.insertDocument({
      ...row,
      file_size: text.length,
      sha256,
      blob_key: null,
      content: null,
      preview: null,
      status: 'queued',
      progress: 0,
      error: null,
      metadata: '{}',
      created_at: now,
      updated_at: now,
    });
    const chunks = chunkSections([{ text, page: null, headingPath: [] }]);
    const embedded = model
      ? await app.knowledge.embeddingService.embedAll(
          model,
          chunks.map((chunk) => chunk.text),
          () => undefined,
        )
      : null;
    await app.uow.run(async (tx) => {
      await index.replaceForDocument(tx, { documentId: id, collectionId, userId, chunks });
      if (model && embedded) await vectors.writeForDocument(tx, id, model.id, embedded);
      const metadata = JSON.stringify({ chunk_count: chunks.length });
      const ready = { status: 'ready', progress: 1, error: null, content: text, file_type: 'txt', metadata } as const;
      await documents.updateDocument(id, { ...ready, preview: text.slice(0, 200) }, tx);
    });
  }
}
