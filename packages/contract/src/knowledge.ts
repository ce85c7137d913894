import { z } from 'zod';

/** Knowledge collections, documents and lexical search (spec §2 Knowledge Base, §7 search-knowledge). */

export const KNOWLEDGE_MAX_FILE_BYTES = 10_485_760;
export const COLLECTION_NAME_REQUIRED = 'Collection name required - Please enter a name for the knowledge collection.';

export const KnowledgeDocumentStatus = z.enum(['queued', 'processing', 'ready', 'failed']);
export type KnowledgeDocumentStatus = z.infer<typeof KnowledgeDocumentStatus>;

export const KnowledgeCollection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  document_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** File names of the (at most two) most recently added documents. */
  recent_documents: z.array(z.string()).max(2),
  /** Documents still waiting or being processed, and documents that failed. */
  indexing: z.object({ pending: z.number().int(), failed: z.number().int() }),
});
export type KnowledgeCollection = z.infer<typeof KnowledgeCollection>;

export const KnowledgeDocumentMetadata = z.looseObject({
  page_count: z.number().int().optional(),
  originalUrl: z.string().optional(),
  chunk_count: z.number().int().optional(),
});
export type KnowledgeDocumentMetadata = z.infer<typeof KnowledgeDocumentMetadata>;

export const KnowledgeDocument = z.object({
  id: z.string(),
  collection_id: z.string(),
  file_name: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
  sha256: z.string(),
  status: KnowledgeDocumentStatus,
  /** 0-1 while processing; 1 when ready. */
  progress: z.number().min(0).max(1),
  error: z.string().nullable(),
  metadata: KnowledgeDocumentMetadata,
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeDocument = z.infer<typeof KnowledgeDocument>;

/** GET /api/knowledge/documents/:id adds the extracted text. */
export const KnowledgeDocumentDetail = KnowledgeDocument.extend({ content: z.string().nullable() });
export type KnowledgeDocumentDetail = z.infer<typeof KnowledgeDocumentDetail>;

export const CreateCollectionBody = z.object({
  name: z.string().max(200),
  description: z.string().max(2000).nullish(),
});
export type CreateCollectionBody = z.infer<typeof CreateCollectionBody>;

export const ListCollectionsQuery = z.object({ q: z.string().max(200).optional() });
export type ListCollectionsQuery = z.infer<typeof ListCollectionsQuery>;

export const CollectionListResponse = z.object({ collections: z.array(KnowledgeCollection) });
export type CollectionListResponse = z.infer<typeof CollectionListResponse>;

export const DocumentListResponse = z.object({ documents: z.array(KnowledgeDocument) });
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;

/** POST /api/knowledge/search (spec local backend). */
export const KnowledgeSearchBody = z.object({
  query: z.string().min(1).max(1000),
  collection_id: z.string().nullish(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type KnowledgeSearchBody = z.infer<typeof KnowledgeSearchBody>;

/** POST /api/knowledge/search-knowledge (spec function search-knowledge); empty/absent = all collections. */
export const SearchKnowledgeBody = z.object({
  query: z.string().min(1).max(1000),
  collectionIds: z.array(z.string()).max(100).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type SearchKnowledgeBody = z.infer<typeof SearchKnowledgeBody>;

/** Highlight ranges are [start, end) character offsets into `text`: render them as <mark>, never as HTML. */
export const KnowledgeSnippet = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  page: z.number().int().nullable(),
  heading_path: z.string().nullable(),
  chunk_id: z.string(),
});
export type KnowledgeSnippet = z.infer<typeof KnowledgeSnippet>;

export const KnowledgeSearchResult = z.object({
  document_id: z.string(),
  collection_id: z.string(),
  file_name: z.string(),
  collection_name: z.string(),
  relevance_score: z.number().min(0).max(1),
  snippets: z.array(KnowledgeSnippet),
  /** Page of the best-matching chunk, when the format has pages. */
  page: z.number().int().nullable(),
  /** The best-matching chunk. */
  chunk_id: z.string(),
});
export type KnowledgeSearchResult = z.infer<typeof KnowledgeSearchResult>;

export const KnowledgeSearchResponse = z.object({ results: z.array(KnowledgeSearchResult) });
export type KnowledgeSearchResponse = z.infer<typeof KnowledgeSearchResponse>;

/** Sent on /api/events to the owner whenever a document's status or progress changes. */
export const KnowledgeDocumentEvent = z.object({
  type: z.literal('knowledge.document'),
  document: KnowledgeDocument,
});
export type KnowledgeDocumentEvent = z.infer<typeof KnowledgeDocumentEvent>;

/** POST /api/documents/upload (spec local backend): per file, a preview or an error. */
export const DocumentUploadResult = z.object({
  filename: z.string(),
  content_preview: z.string().nullable(),
  error: z.string().nullable(),
});
export const DocumentUploadResponse = z.object({ results: z.array(DocumentUploadResult) });
export type DocumentUploadResponse = z.infer<typeof DocumentUploadResponse>;
