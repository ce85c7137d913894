/** The knowledge feature's names for the shared contract (packages/contract/src/knowledge.ts). */
export {
  KnowledgeDocumentEvent,
  type CollectionListResponse as KnowledgeCollectionList,
  type CreateCollectionBody as KnowledgeCollectionCreateBody,
  type DocumentListResponse as KnowledgeDocumentList,
  type KnowledgeCollection,
  type KnowledgeDocument,
  type KnowledgeDocumentDetail as KnowledgeDocumentWithContent,
} from '@hearth/contract';
