import type { ScrapeBody, ScrapeResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

/** POST /api/knowledge/scrape: the page (and its sitemap pages when asked) become documents of the collection. */
export const scrapeWebsite = (body: ScrapeBody): Promise<ScrapeResponse> =>
  api.post<ScrapeResponse>(apiPaths.knowledge.scrape, body);

/** Afterwards the collections and that collection's documents reload; live progress comes over the event stream. */
export function useScrapeWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scrapeWebsite,
    onSettled: (_data, _error, { collectionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.collectionsRoot }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(collectionId) }),
      ]),
  });
}
