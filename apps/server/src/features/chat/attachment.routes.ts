import { Attachment, CHAT_MAX_ATTACHMENT_BYTES, ErrorBody, IdParams } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { contentDisposition } from '../../http/content-disposition';
import { registerUploads } from '../../http/multipart';
import { type AttachmentService, tooLarge } from './attachment.service';
import { isRasterImage } from './file-types';

export const attachmentRoutes: FastifyPluginAsyncZod<{ attachmentService: AttachmentService }> = async (
  app,
  { attachmentService },
) => {
  // Counted up to ten times the limit, so the refusal can say how big the file was.
  const uploads = await registerUploads(app, {
    maxFileBytes: CHAT_MAX_ATTACHMENT_BYTES,
    readCapBytes: 10 * CHAT_MAX_ATTACHMENT_BYTES,
    tooLarge,
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
      const upload = await uploads.one(request);
      const attachment = await attachmentService.upload(userId, upload.fileName, upload.data, upload.size);
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
        .header('content-disposition', contentDisposition(record.name, inline ? 'inline' : 'attachment'))
        .header('content-length', String(data.length))
        .send(data);
    },
  );
};
