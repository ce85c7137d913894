/** The web-search feature's public surface (issue 20): the composer toggle, the Tools card, safe links. */
export { WebSearchCard } from './components/web-search-card';
export { WebSearchToggle } from './components/web-search-toggle';
export { useWebSearchToggle } from './hooks/use-web-search-toggle';
export { safeWebUrl } from './lib/safe-url';
