import { ApiTokenCreateBody, ApiTokenCreated, ApiTokenList, ErrorBody, IdParams, OkResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { ApiTokenService } from './api-token.service';

export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokenService: ApiTokenService }> = async (
  app,
  { apiTokenService },
) => {
  app.get(
    '/api/tokens',
    {
      config: { access: 'user' },
      schema: { tags: ['tokens'], summary: 'List own API tokens', response: { 200: ApiTokenList, 401: ErrorBody } },
    },
    async (request) => ({ tokens: await apiTokenService.list(currentUser(request).id) }),
  );

  app.post(
    '/api/tokens',
    {
      config: { access: 'user', credential: 'session' },
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token (the secret is returned once)',
        body: ApiTokenCreateBody,
        response: { 201: ApiTokenCreated, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await apiTokenService.create(currentUser(request).id, request.body, auditContext(request))),
  );

  app.delete(
    '/api/tokens/:id',
    {
      config: { access: 'user', credential: 'session' },
      schema: {
        tags: ['tokens'],
        summary: 'Revoke an API token',
        params: IdParams,
        response: { 200: OkResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await apiTokenService.revoke(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
