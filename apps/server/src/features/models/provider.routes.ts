import {
  ErrorBody,
  OkResponse,
  Provider,
  ProviderCreateBody,
  ProviderIdParams,
  ProvidersResponse,
  ProviderTestResult,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { ProviderService } from './provider.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['models'];

/** Admins manage the model runtimes of the instance. API keys go in, never come out. */
export const providerRoutes: FastifyPluginAsyncZod<{ providerService: ProviderService }> = async (
  app,
  { providerService: service },
) => {
  app.get(
    '/api/models/providers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Model runtimes: built-in, from the environment and added by admins, with their status',
        response: { 200: ProvidersResponse, ...errors },
      },
    },
    async () => ({ providers: await service.list() }),
  );

  app.post(
    '/api/models/providers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add an Ollama or OpenAI-compatible runtime',
        body: ProviderCreateBody,
        response: { 201: Provider, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request).id, request.body, auditContext(request))),
  );

  app.delete(
    '/api/models/providers/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Remove a runtime an admin added (runtimes from the environment stay)',
        params: ProviderIdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/models/providers/:id/test',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Check that a runtime answers and count its models',
        params: ProviderIdParams,
        response: { 200: ProviderTestResult, ...errors },
      },
    },
    async (request) => service.test(request.params.id),
  );
};
