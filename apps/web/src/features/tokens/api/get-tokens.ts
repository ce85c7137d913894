import type { ApiTokenList } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTokens = (signal?: AbortSignal): Promise<ApiTokenList> =>
  api.get<ApiTokenList>(apiPaths.tokens.list, signal);

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tokens, queryFn: ({ signal }) => getTokens(signal) });

export const useTokens = () => useQuery(tokensQueryOptions());
