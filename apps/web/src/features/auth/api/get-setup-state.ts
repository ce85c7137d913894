import type { SetupState } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const setupStateQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'setup'],
    queryFn: ({ signal }) => api.get<SetupState>(apiPaths.auth.setup, signal),
  });

/** GET /api/auth/setup: whether the Sign Up form must ask for the first account's setup code. */
export const useSetupState = () => useQuery(setupStateQueryOptions());
