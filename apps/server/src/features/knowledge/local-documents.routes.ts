import { DocumentUploadResponse, ErrorBody, KNOWLEDGE_MAX_FILE_BYTES } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerUploads } from '../../http/multipart';
import { type FilePreview, previewFile } from './document-preview.service';

const MAX_FILES = 10;

/** The spec's local-backend document upload: extraction previews, nothing stored. */
export const localDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // A file over the limit is cut off just past it: its preview says it is too large.
  const uploads = await registerUploads(app, { maxFileBytes: KNOWLEDGE_MAX_FILE_BYTES, maxFiles: MAX_FILES });

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
      const results: FilePreview[] = [];
      for await (const upload of uploads.many(request)) {
        results.push(await previewFile(upload.fileName, upload.data, upload.size));
      }
      return { results };
    },
  );
};
