import { createHash, randomUUID } from 'node:crypto';
import type { App } from '../../apps/server/src/app';
import { ChunkIndexRepository } from '../../apps/server/src/features/knowledge/chunk-index.repository';
import { chunkSections } from '../../apps/server/src/features/knowledge/chunker';
import { VectorRepository } from '../../apps/server/src/features/knowledge/embeddings/vector.repository';
import { KnowledgeRepository } from '../../apps/server/src/features/knowledge/knowledge.repository';

/**
 * Documents per unit of work, published together (one update of each shared statistics row per batch): large
 * enough that building a million chunks is bound by indexing, not commits.
 */
const DOCUMENTS_PER_TRANSACTION = 200;

/**
 * `--build index`: writes documents straight through the index repository (the same chunker, the same chunks,
 * postings and statistics as ingestion, and vectors from the active embedding model), skipping upload,
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
  for (let start = 0; start < texts.length; start += DOCUMENTS_PER_TRANSACTION) {
    const group = texts.slice(start, start + DOCUMENTS_PER_TRANSACTION);
    const prepared = await Promise.all(
      group.map(async ({ name, text }) => {
        const chunks = chunkSections([{ text, page: null, headingPath: [] }]);
        const embedded = model
          ? await app.knowledge.embeddingService.embedAll(
              model,
              chunks.map((chunk) => chunk.text),
              () => undefined,
            )
          : null;
        return { id: randomUUID(), name, text, chunks, embedded };
      }),
    );
    await app.uow.run(async (tx) => {
      const scope = await index.ensureScope(tx, collectionId);
      const published = [];
      for (const { id, name, text, chunks, embedded } of prepared) {
        const now = new Date().toISOString();
        await documents.insertDocument(
          {
            id,
            collection_id: collectionId,
            user_id: userId,
            file_name: name,
            file_type: 'txt',
            file_size: text.length,
            sha256: createHash('sha256').update(text).digest('hex'),
            blob_key: null,
            content: text,
            preview: text.slice(0, 200),
            status: 'ready',
            progress: 1,
            error: null,
            metadata: JSON.stringify({ chunk_count: chunks.length }),
            created_at: now,
            updated_at: now,
          },
          tx,
        );
        const totals = await index.insertChunks(tx, {
          documentId: id,
          collectionId,
          userId,
          scope,
          firstOrdinal: 0,
          chunks,
        });
        if (model && embedded) await vectors.writeForDocument(tx, id, model.id, embedded);
        published.push({ documentId: id, totals });
      }
      await index.publishDocuments(tx, scope, published);
    });
  }
}
