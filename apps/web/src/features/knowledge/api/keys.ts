/** Query keys of the knowledge feature; every knowledge query lives under ['knowledge']. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  collections: (q: string) => ['knowledge', 'collections', q] as const,
  collectionsRoot: ['knowledge', 'collections'] as const,
  documents: (collectionId: string) => ['knowledge', 'documents', collectionId] as const,
  documentsRoot: ['knowledge', 'documents'] as const,
  document: (id: string) => ['knowledge', 'document', id] as const,
  qualityReports: (collectionId: string) => ['knowledge', 'quality-reports', collectionId] as const,
  /** The embedding model and per-collection progress (also read by the models screen's card). */
  embedding: ['knowledge', 'embedding'] as const,
};
