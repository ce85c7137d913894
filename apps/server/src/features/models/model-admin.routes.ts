import {
  DownloadCreateBody,
  DownloadsResponse,
  ErrorBody,
  IdParams,
  ModelDeleteParams,
  ModelDownload,
  OkResponse,
  PullBody,
  StartersResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { openEventStream } from '../../http/event-stream';
import { auditContext } from '../audit';
import type { DownloadService } from './download.service';
import type { ModelAdminService } from './model-admin.service';
import { STARTER_MODELS } from './starters';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const tags = ['models'];

/** Getting models (admins: models are shared by the whole instance). */
export const modelAdminRoutes: FastifyPluginAsyncZod<{
  modelAdminService: ModelAdminService;
  downloadService: DownloadService;
}> = async (app, { modelAdminService, downloadService }) => {
  app.post(
    '/api/models/pull',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Pull an Ollama model, streaming progress as server-sent events',
        description:
          'Answers text/event-stream with events `progress` {status, completed, total, percent}, then `done` ' +
          '{name, provider_id} or `error` {code, message}. Closing the connection cancels the pull upstream.',
        body: PullBody,
      },
    },
    async (request, reply) => {
      const target = await modelAdminService.pullTarget(request.body.provider_id);
      const stream = openEventStream(reply);
      void modelAdminService
        .pull(target, request.body.name, stream.signal, {
          progress: (event) => stream.send('progress', event),
          done: (event) => stream.send('done', event),
          error: (event) => stream.send('error', event),
        })
        .finally(() => stream.end());
      return reply;
    },
  );

  app.delete(
    '/api/models/:provider_id/:name',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a built-in model file (Ollama models: 409 with the command to run)',
        params: ModelDeleteParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { provider_id, name } = request.params;
      await modelAdminService.delete(currentUser(request).id, provider_id, name, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/models/downloads',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'GGUF downloads with their progress', response: { 200: DownloadsResponse, ...errors } },
    },
    async () => ({ downloads: await downloadService.list() }),
  );

  app.post(
    '/api/models/downloads',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Download a GGUF file for the built-in runtime (runs in the background)',
        description: 'Progress arrives on GET /api/events as `model.download` events and in the list.',
        body: DownloadCreateBody,
        response: { 202: ModelDownload, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await downloadService.create(currentUser(request).id, request.body, auditContext(request))),
  );

  app.delete(
    '/api/models/downloads/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cancel a running download, or remove a finished one from the list',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await downloadService.cancel(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/models/starters',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Recommended first models: a small chat model, a vision model, an embedding model',
        response: { 200: StartersResponse, ...errors },
      },
    },
    async () => ({ starters: STARTER_MODELS }),
  );
};
