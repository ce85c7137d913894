import { z } from 'zod';
import { nameText } from './common';

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
  /**
   * The caller's own collection, or one shared with them (issue 16): read = search and chat with it,
   * write = also add documents. Absent means owner.
   */
  access: z.enum(['owner', 'read', 'write']).optional(),
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
  name: nameText(200),
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

/** POST /api/documents/analyze (spec local backend): a model's analysis of a text. */
export const DocumentAnalyzeBody = z.object({
  content: z.string().min(1).max(200_000),
  filename: z.string().max(500).default('document'),
  analysis_type: z.string().trim().min(1).max(100).default('general'),
  model: z.string().max(300).optional(),
});
export type DocumentAnalyzeBody = z.input<typeof DocumentAnalyzeBody>;
export const DocumentAnalyzeResponse = z.object({ analysis: z.string() });
export type DocumentAnalyzeResponse = z.infer<typeof DocumentAnalyzeResponse>;

/** Spec §9: sitemap scraping follows at most 50 pages. */
export const SCRAPE_MAX_PAGES = 50;
export const SCRAPE_URL_REQUIRED = {
  title: 'URL required',
  description: 'Please enter a valid URL to scrape',
} as const;

/** POST /api/knowledge/scrape (spec function web-scraper). */
export const ScrapeBody = z.object({
  url: z.string().trim().min(1).max(2000),
  collectionId: z.string().min(1).max(100),
  respectRobots: z.boolean().default(true),
  followSitemap: z.boolean().default(false),
});
export type ScrapeBody = z.input<typeof ScrapeBody>;
export const ScrapeResponse = z.object({
  message: z.string(),
  documentsCreated: z.number().int(),
  /** Pages that were skipped (robots.txt, not HTML, too large, refused by the network guard...), with why. */
  skipped: z.array(z.object({ url: z.string(), reason: z.string() })).default([]),
});
export type ScrapeResponse = z.infer<typeof ScrapeResponse>;

/** POST /api/knowledge/advanced-search (spec function advanced-rag). */
export const AdvancedSearchBody = z.object({
  query: z.string().min(1).max(1000),
  collectionIds: z.array(z.string()).max(100).optional(),
  useReranking: z.boolean().default(true),
  useQueryExpansion: z.boolean().default(true),
  useMultiStepReasoning: z.boolean().default(true),
  maxResults: z.number().int().min(5).max(50).default(10),
  /** Model used for expansion and reranking when given; otherwise offline methods. */
  model: z.string().max(300).optional(),
});
export type AdvancedSearchBody = z.input<typeof AdvancedSearchBody>;

/** Spec §3 "Advanced search result". */
export const AdvancedSearchResponse = z.object({
  results: z.array(KnowledgeSearchResult),
  rerankedResults: z.array(KnowledgeSearchResult),
  expandedQuery: z.object({ expandedQueries: z.array(z.string()), synonyms: z.array(z.string()) }),
  reasoning: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  explanation: z.string(),
  validation: z.object({
    isValid: z.boolean(),
    confidence: z.number().min(0).max(1),
    issues: z.array(z.string()),
    suggestions: z.array(z.string()),
  }),
});
export type AdvancedSearchResponse = z.infer<typeof AdvancedSearchResponse>;

/** Spec §8: what advanced search answers when it fails. */
export const ADVANCED_SEARCH_FAILED: AdvancedSearchResponse = {
  results: [],
  rerankedResults: [],
  expandedQuery: { expandedQueries: [], synonyms: [] },
  reasoning: [],
  confidence: 0,
  explanation: 'Advanced search failed, please try again.',
  validation: { isValid: false, confidence: 0, issues: ['Search failed'], suggestions: [] },
};

/** POST /api/knowledge/suggest-collections: spec §9 collection suggestions for a message. */
export const SUGGESTION_RULES = { max: 3, nameMatch: 0.3, documentMatch: 0.2, threshold: 0.1 } as const;
export const SuggestCollectionsBody = z.object({ message: z.string().min(1).max(100_000) });
export type SuggestCollectionsBody = z.infer<typeof SuggestCollectionsBody>;
export const CollectionSuggestion = z.object({
  collection_id: z.string(),
  name: z.string(),
  score: z.number(),
  /** Why it was suggested, e.g. 'Name matches "contract"' or '2 documents match'. */
  reason: z.string(),
});
export type CollectionSuggestion = z.infer<typeof CollectionSuggestion>;
export const SuggestCollectionsResponse = z.object({ suggestions: z.array(CollectionSuggestion).max(3) });
export type SuggestCollectionsResponse = z.infer<typeof SuggestCollectionsResponse>;
