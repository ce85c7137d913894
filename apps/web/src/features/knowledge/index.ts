/** The knowledge feature's public surface: collections and the embedding status (Tools tab). */
export { useCollections } from './api/get-collections';
export { embeddingStatusQueryOptions } from './api/get-embedding-status';
