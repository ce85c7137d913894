import {
  ChatShare,
  ChatShareList,
  CreateShareBody,
  ErrorBody,
  ExportFormatQuery,
  IdParams,
  IMPORT_MAX_BYTES,
  ImportResult,
  OkResponse,
  SharedConversation,
  ShareTokenParams,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { contentDisposition } from '../../http/content-disposition';
import { AppError } from '../../http/errors';
import { registerUploads } from '../../http/multipart';
import { auditContext } from '../audit';
import type { ExportService } from './export.service';
import type { ImportService } from './import.service';
import type { ShareService } from './share.service';

const tags = ['chat'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export interface SharingRoutesOptions {
  shareService: ShareService;
  exportService: ExportService;
  importService: ImportService;
}

export const sharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (app, options) => {
  const { shareService, exportService, importService } = options;
  const user = { config: { access: 'user' as const } };
  const uploads = await registerUploads(app, {
    maxFileBytes: IMPORT_MAX_BYTES,
    tooLarge: () => new AppError('payload_too_large', 413, 'The export is larger than 50 MB.'),
  });

  app.post(
    '/api/shares',
    {
      ...user,
      schema: {
        tags,
        summary: 'Share a snapshot of an own conversation (signed-in members; public only where admins allow it)',
        body: CreateShareBody,
        response: { 201: ChatShare, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await shareService.create(currentUser(request).id, request.body, auditContext(request))),
  );

  app.get(
    '/api/shares',
    {
      ...user,
      schema: { tags, summary: 'Own share links, newest first', response: { 200: ChatShareList, ...errors } },
    },
    async (request) => ({ shares: await shareService.list(currentUser(request).id) }),
  );

  app.delete(
    '/api/shares/:id',
    {
      ...user,
      schema: { tags, summary: 'Revoke an own share link', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await shareService.revoke(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/shared/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The snapshot behind a share link (read-only; sign-in needed unless the link is public)',
        params: ShareTokenParams,
        response: { 200: SharedConversation, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = request.auth?.user ?? null;
      const shared = await shareService.open(request.params.token, viewer && { id: viewer.id });
      return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(shared);
    },
  );

  app.get(
    '/api/conversations/:id/export',
    {
      ...user,
      schema: {
        tags,
        summary: 'Download an own conversation as Markdown, JSON or PDF',
        params: IdParams,
        description: 'Answers the file as a download (Content-Disposition), or an error body.',
        querystring: ExportFormatQuery,
      },
    },
    async (request, reply) => {
      const file = await exportService.export(
        currentUser(request).id,
        request.params.id,
        request.query.format,
        auditContext(request),
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/conversations/import',
    {
      ...user,
      schema: {
        tags,
        summary: 'Import conversations from a ChatGPT (conversations.json) or Open WebUI export (multipart "file")',
        consumes: ['multipart/form-data'],
        response: { 200: ImportResult, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const upload = await uploads.one(request);
      return importService.import(currentUser(request).id, upload.data, auditContext(request));
    },
  );
};
