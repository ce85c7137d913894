import fastifyMultipart from '@fastify/multipart';
import { Attachment, CHAT_MAX_ATTACHMENT_BYTES, ErrorBody, IdParams } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { cleanFileName } from '../../lib/file-name';
import { type AttachmentService, tooLarge } from './attachment.service';
import { isRasterImage } from './file-types';

/** Past this the upload is cut off rather than counted to the end (the size in the message then reads ≥). */
const READ_CAP_BYTES = 10 * CHAT_MAX_ATTACHMENT_BYTES;

const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const attachmentRoutes: FastifyPluginAsyncZod<{ attachmentService: AttachmentService }> = async (
  app,
  { attachmentService },
) => {
  // Registered here, not globally: only this route takes multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 5, fileSize: READ_CAP_BYTES, parts: 6 },
    throwFileSizeLimit: false,
  });

  app.post(
    '/api/chat/attachments',
    {
      config: { access: 'user' },
      schema: {
        tags: ['chat'],
        summary: 'Upload a file for a chat message (multipart field "file"; 10 MB; spec §5 types)',
        consumes: ['multipart/form-data'],
        response: { 201: Attachment, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      if (!request.isMultipart()) throw AppError.badRequest('Send the file as multipart/form-data');
      const file = await request.file();
      if (!file) throw AppError.badRequest('No file was uploaded');
      // Keep at most the allowed size in memory, but count everything, so the error can say how big it was.
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of file.file) {
        const buffer = chunk as Buffer;
        size += buffer.length;
        if (size <= CHAT_MAX_ATTACHMENT_BYTES) chunks.push(buffer);
      }
      if (size > CHAT_MAX_ATTACHMENT_BYTES) throw tooLarge(size);
      const attachment = await attachmentService.upload(
        userId,
        cleanFileName(file.filename),
        Buffer.concat(chunks),
        size,
      );
      return reply.status(201).send(attachment);
    },
  );

  app.get(
    '/api/chat/attachments/:id/content',
    {
      config: { access: 'user' },
      schema: {
        tags: ['chat'],
        summary: 'The original file of an own attachment (raster images inline, everything else as a download)',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const { record, data } = await attachmentService.content(currentUser(request).id, request.params.id);
      // SVG can carry script: it is only ever offered as a download, never rendered from our origin.
      const inline = isRasterImage(record.mime_type);
      const type = record.mime_type === 'image/svg+xml' ? 'application/octet-stream' : record.mime_type;
      return reply
        .type(type)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', record.name))
        .header('content-length', String(data.length))
        .send(data);
    },
  );
};
