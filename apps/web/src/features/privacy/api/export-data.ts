import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';

const FALLBACK_NAME = () => `knowledge-data-export-${new Date().toISOString().slice(0, 10)}.json`;

/** Fetches the export and hands it to the browser as a file download, named as the server says. */
export async function exportData(): Promise<string> {
  const response = await fetch(apiPaths.privacy.export, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    throw new ApiError({ status: response.status, code: 'http_error', message: `Export failed: ${response.status}` });
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  // The name is quoted only when it has to be (a plain name like ours is sent as a bare token).
  const named = /filename=(?:"([^"]+)"|([^;\s]+))/.exec(disposition);
  const fileName = named?.[1] ?? named?.[2] ?? FALLBACK_NAME();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}

export const useExportData = () => useMutation({ mutationFn: exportData });
