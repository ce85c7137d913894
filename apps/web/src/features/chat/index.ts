/** The chat feature's public surface. */
export { Composer } from './components/composer';
export type { useComposerFiles } from './hooks/use-composer-files';
