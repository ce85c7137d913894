/** The page format is shared with the server (which reads the shipped pages and validates saved ones). */
export { type DocPage, parseDocPage } from '@hearth/contract';
