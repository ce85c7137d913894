import type { Attachment } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Uploads one file for the next message; the answer's id goes into the send's attachment_ids. */
export function uploadAttachment(file: File, signal?: AbortSignal): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<Attachment>(apiPaths.chat.attachments, form, signal);
}
