import fastifyMultipart from '@fastify/multipart';
import { DocumentUploadResponse, ErrorBody, KNOWLEDGE_MAX_FILE_BYTES } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { cleanFileName } from '../../lib/file-name';
import { type FilePreview, previewFile } from './document-preview.service';

const MAX_FILES = 10;

/** The spec's local-backend document upload: extraction previews, nothing stored. */
export const localDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { files: MAX_FILES, fields: 5, fileSize: KNOWLEDGE_MAX_FILE_BYTES + 1, parts: MAX_FILES + 5 },
    throwFileSizeLimit: false,
  });

  app.post(
    '/api/documents/upload',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Extract uploaded files (multipart "files", up to 10, 10 MB each): per file a preview or an error',
        consumes: ['multipart/form-data'],
        response: { 200: DocumentUploadResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw AppError.badRequest('Send the files as multipart/form-data');
      const results: FilePreview[] = [];
      for await (const file of request.files()) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of file.file) {
          const buffer = chunk as Buffer;
          size += buffer.length;
          if (size <= KNOWLEDGE_MAX_FILE_BYTES) chunks.push(buffer);
        }
        // The stream stops at the limit + 1 byte, so the reported size reads "over 10 MB" at least.
        if (file.file.truncated) size = Math.max(size, KNOWLEDGE_MAX_FILE_BYTES + 1);
        results.push(await previewFile(cleanFileName(file.filename), Buffer.concat(chunks), size));
      }
      if (results.length === 0) throw AppError.badRequest('No file was uploaded');
      return { results };
    },
  );
};
