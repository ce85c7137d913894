import type { QueryClient } from '@tanstack/react-query';

/** Everything under ['models']: status, system mode, installed models, providers, downloads. */
export const invalidateModelQueries = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: ['models'] });
