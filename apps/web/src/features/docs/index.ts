/** The docs feature's public surface: the saved-pages card and its query keys. */
export { docPageKeys } from './api/doc-pages';
export { DocPagesCard } from './components/doc-pages-card';
