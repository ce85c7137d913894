import { z } from 'zod';
import { ProviderKind } from './models';

/**
 * The instance-wide embedding model of knowledge collections (admins choose it; searches then fuse lexical
 * and vector hits). Model ids: `ollama:<model>`, `builtin:<file>.gguf`, `openai:<provider id>:<model>`.
 */

export const EmbeddingModelId = z
  .string()
  .trim()
  .min(3)
  .max(400)
  .regex(
    /^(ollama:.+|builtin:.+|openai:[^:]+:.+)$/,
    'An embedding model id is ollama:<model>, builtin:<file> or openai:<provider>:<model>',
  );

/** One model an admin may choose; `embedding` is false for models not known to be embedding models. */
export const EmbeddingModelOption = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.object({ id: z.string(), kind: ProviderKind, name: z.string() }),
  embedding: z.boolean(),
});
export type EmbeddingModelOption = z.infer<typeof EmbeddingModelOption>;

/** How far one of the caller's collections is embedded with the active model. */
export const CollectionEmbeddingStatus = z.object({
  collection_id: z.string(),
  /** The model that embedded the whole collection last, or null. */
  embedding_model: z.string().nullable(),
  embedded_chunks: z.number().int(),
  total_chunks: z.number().int(),
  /** The last embedding failure (the collection stays searchable lexically; the work is retried). */
  error: z.string().nullable(),
});
export type CollectionEmbeddingStatus = z.infer<typeof CollectionEmbeddingStatus>;

/** GET /api/knowledge/embedding (any signed-in user; `available` is filled for admins only). */
export const EmbeddingSettingsResponse = z.object({
  active: z.object({ id: z.string(), dims: z.number().int() }).nullable(),
  available: z.array(EmbeddingModelOption),
  /** The caller's own collections. */
  collections: z.array(CollectionEmbeddingStatus),
  /** Where vectors live: sqlite-vec, pgvector, or exact cosine in the server (PostgreSQL without pgvector). */
  vector_store: z.enum(['sqlite-vec', 'pgvector', 'exact-js']),
});
export type EmbeddingSettingsResponse = z.infer<typeof EmbeddingSettingsResponse>;

/** PUT /api/knowledge/embedding (admins): a model id, or null for lexical search only. */
export const SetEmbeddingModelBody = z.object({ model: EmbeddingModelId.nullable() });
export type SetEmbeddingModelBody = z.infer<typeof SetEmbeddingModelBody>;
