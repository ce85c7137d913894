import { KNOWLEDGE_MAX_FILE_BYTES } from '@hearth/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { cleanFileName } from '../../lib/file-name';
import { tooLarge } from './knowledge.service';

/**
 * Reads the one file of a multipart request. Keeps at most the allowed size in memory but counts
 * everything, so the 413 message can say how big the file was.
 */
export async function readUpload(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw AppError.badRequest('Send the file as multipart/form-data');
  const file = await request.file();
  if (!file) throw AppError.badRequest('No file was uploaded');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= KNOWLEDGE_MAX_FILE_BYTES) chunks.push(buffer);
  }
  if (size > KNOWLEDGE_MAX_FILE_BYTES) throw tooLarge(size);
  return { fileName: cleanFileName(file.filename), data: Buffer.concat(chunks) };
}
