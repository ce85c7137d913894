import type {
  DocPageDetail,
  DocPageOverrideList,
  DocPageRevisionSource,
  DocPageSummaryList,
  RevertDocPageBody,
  SaveDocPageBody,
} from '@hearth/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Query keys of the documentation pages; saving and restoring update these. */
export const docPageKeys = {
  current: ['docs', 'pages'] as const,
  admin: ['admin', 'docs', 'pages'] as const,
  detail: (path: string) => ['admin', 'docs', 'page', path] as const,
  revision: (path: string, revision: number) => ['admin', 'docs', 'page', path, 'revision', revision] as const,
};

/**
 * The pages saved in the app, for the public docs site. Failures are ignored (no retry, no toast): the page then
 * keeps the text that shipped with the app.
 */
export const useDocPageOverrides = () =>
  useQuery({
    queryKey: docPageKeys.current,
    queryFn: ({ signal }) => api.get<DocPageOverrideList>(apiPaths.docPages.current, signal),
    staleTime: 60_000,
    retry: false,
  });

export const useDocPageSummaries = () =>
  useQuery({
    queryKey: docPageKeys.admin,
    queryFn: ({ signal }) => api.get<DocPageSummaryList>(apiPaths.docPages.list, signal),
  });

export const useDocPageDetail = (path: string, enabled = true) =>
  useQuery({
    queryKey: docPageKeys.detail(path),
    queryFn: ({ signal }) => api.get<DocPageDetail>(apiPaths.docPages.page(path), signal),
    enabled,
  });

export const useDocPageRevision = (path: string, revision: number | null) =>
  useQuery({
    queryKey: docPageKeys.revision(path, revision ?? -1),
    queryFn: ({ signal }) => api.get<DocPageRevisionSource>(apiPaths.docPages.revision(path, revision ?? 0), signal),
    enabled: revision !== null,
    placeholderData: keepPreviousData,
  });

/** A saved page is the docs site's current version at once, without waiting for the list to be fetched again. */
function storeSaved(queryClient: QueryClient, detail: DocPageDetail): Promise<unknown> {
  queryClient.setQueryData(docPageKeys.detail(detail.path), detail);
  queryClient.setQueryData<DocPageOverrideList>(docPageKeys.current, (list) => {
    const saved = { path: detail.path, source: detail.source, revision: detail.revision, updatedAt: now() };
    return { pages: [...(list?.pages ?? []).filter((page) => page.path !== detail.path), saved] };
  });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: docPageKeys.current }),
    queryClient.invalidateQueries({ queryKey: docPageKeys.admin }),
  ]);
}

const now = () => new Date().toISOString();

/** PUT the page; a stale baseRevision answers 409 (someone else saved in between). */
export function useSaveDocPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDocPageBody) => api.put<DocPageDetail>(apiPaths.docPages.save, body),
    onSuccess: (detail) => storeSaved(queryClient, detail),
  });
}

/** Makes an older revision (0 = the shipped text) current again. */
export function useRevertDocPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RevertDocPageBody) => api.post<DocPageDetail>(apiPaths.docPages.revert, body),
    onSuccess: (detail) => storeSaved(queryClient, detail),
  });
}
