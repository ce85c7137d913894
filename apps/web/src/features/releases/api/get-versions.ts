import type { AppVersionList } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { releaseKeys } from './keys';

export const getVersions = (signal?: AbortSignal) => api.get<AppVersionList>(apiPaths.admin.versions, signal);

export const versionsQueryOptions = () =>
  queryOptions({ queryKey: releaseKeys.versions, queryFn: ({ signal }) => getVersions(signal) });

export const useVersions = () => useQuery(versionsQueryOptions());
