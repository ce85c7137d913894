import { KNOWLEDGE_MAX_FILE_BYTES } from '@hearth/contract';
import { DEFAULT_EXTRACTION_LIMITS, extractDocument } from '../extraction';
import { failureMessage } from './ingestion.service';

export interface FilePreview {
  filename: string;
  content_preview: string | null;
  error: string | null;
}

/** POST /api/documents/upload (spec local backend): extracts each file and answers its preview or error. */
export async function previewFile(filename: string, data: Buffer, size: number): Promise<FilePreview> {
  if (size > KNOWLEDGE_MAX_FILE_BYTES) {
    const error = `File size (${(size / 1024 / 1024).toFixed(2)} MB) exceeds maximum allowed size (10MB)`;
    return { filename, content_preview: null, error };
  }
  try {
    const extracted = await extractDocument(data, filename, DEFAULT_EXTRACTION_LIMITS);
    return { filename, content_preview: extracted.preview, error: null };
  } catch (error) {
    return { filename, content_preview: null, error: failureMessage(error) };
  }
}
