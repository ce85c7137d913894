import type { KnowledgeDocument } from '@hearth/contract';
import { i18n } from '../../../lib/i18n';

/** The upload screen's row states: the request, then the server's processing, then the outcome. */
export type UploadRowStatus = 'uploading' | 'processing' | 'completed' | 'error';

export interface UploadRowView {
  status: UploadRowStatus;
  /** 0-100 while processing; null otherwise. */
  progress: number | null;
  error: string | null;
}

/** Combines the local request state with the live document the server reports. */
export function uploadRowView(
  request: { error: string | null; documentId: string | null },
  document: Pick<KnowledgeDocument, 'status' | 'progress' | 'error'> | undefined,
): UploadRowView {
  if (request.error) return { status: 'error', progress: null, error: request.error };
  if (!request.documentId) return { status: 'uploading', progress: null, error: null };
  if (!document || document.status === 'queued') return { status: 'processing', progress: 0, error: null };
  if (document.status === 'processing')
    return { status: 'processing', progress: Math.round(document.progress * 100), error: null };
  if (document.status === 'failed')
    return { status: 'error', progress: null, error: document.error ?? i18n.t('knowledge:upload.processingFailed') };
  return { status: 'completed', progress: null, error: null };
}
