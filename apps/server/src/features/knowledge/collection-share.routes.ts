import { CollectionSharesBody, CollectionSharesResponse, ErrorBody, IdParams } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { CollectionShareService } from './collection-share.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const collectionShareRoutes: FastifyPluginAsyncZod<{ collectionShareService: CollectionShareService }> = async (
  app,
  { collectionShareService: service },
) => {
  app.get(
    '/api/knowledge/collections/:id/shares',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Who an own collection is shared with (groups or the organisation, read or read-write)',
        params: IdParams,
        response: { 200: CollectionSharesResponse, ...errors },
      },
    },
    async (request) => ({ shares: await service.list(currentUser(request), request.params.id) }),
  );

  app.put(
    '/api/knowledge/collections/:id/shares',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: "Replace an own collection's shares (an empty list makes it private)",
        params: IdParams,
        body: CollectionSharesBody,
        response: { 200: CollectionSharesResponse, ...errors },
      },
    },
    async (request) => ({
      shares: await service.replace(
        currentUser(request),
        request.params.id,
        request.body.shares,
        auditContext(request),
      ),
    }),
  );
};
