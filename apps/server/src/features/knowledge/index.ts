/** The knowledge feature's public surface: what other features may use (ARCHITECTURE.md). */
export { chunkSections } from './chunker';
export { queryIndexTerms, termCounts } from './lexical/analyzer';
export { FetchFailure, fetchText, toUtf8 } from './scraper/page-fetcher';
