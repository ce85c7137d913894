import {
  ErrorBody,
  IdParams,
  KNOWLEDGE_MAX_FILE_BYTES,
  KnowledgeDocument,
  KnowledgeDocumentDetail,
  OkResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { contentDisposition } from '../../http/content-disposition';
import { registerUploads } from '../../http/multipart';
import { auditContext } from '../audit';
import { type KnowledgeService, tooLarge } from './knowledge.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const documentRoutes: FastifyPluginAsyncZod<{ knowledgeService: KnowledgeService }> = async (
  app,
  { knowledgeService },
) => {
  // Counted up to ten times the limit, so the refusal can say how big the file was.
  const uploads = await registerUploads(app, {
    maxFileBytes: KNOWLEDGE_MAX_FILE_BYTES,
    readCapBytes: 10 * KNOWLEDGE_MAX_FILE_BYTES,
    tooLarge,
  });

  app.post(
    '/api/knowledge/collections/:id/documents',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Upload one file into an own collection (multipart field "file", 10 MB); ingestion is queued',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 202: KnowledgeDocument, 409: ErrorBody, 413: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const upload = await uploads.one(request);
      const document = await knowledgeService.upload(
        userId,
        request.params.id,
        upload.fileName,
        upload.data,
        auditContext(request),
      );
      return reply.status(202).send(document);
    },
  );

  app.get(
    '/api/knowledge/documents/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'One own document with its extracted text',
        params: IdParams,
        response: { 200: KnowledgeDocumentDetail, ...errors },
      },
    },
    async (request) => knowledgeService.getDocument(currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/knowledge/documents/:id/file',
    {
      config: { access: 'user' },
      schema: { tags: ['knowledge'], summary: 'Download the original file of an own document', params: IdParams },
    },
    async (request, reply) => {
      const { fileName, data } = await knowledgeService.documentFile(currentUser(request).id, request.params.id);
      // Always a download, never rendered from our origin (HTML or SVG could carry script).
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(data.length))
        .send(data);
    },
  );

  app.post(
    '/api/knowledge/documents/:id/retry',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Read a failed own document again: it goes back to queued with a new ingestion job',
        params: IdParams,
        response: { 202: KnowledgeDocument, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const document = await knowledgeService.retryDocument(
        currentUser(request).id,
        request.params.id,
        auditContext(request),
      );
      return reply.status(202).send(document);
    },
  );

  app.delete(
    '/api/knowledge/documents/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Delete an own document with its chunks and file',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await knowledgeService.deleteDocument(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
