import { ErrorBody, KnowledgeSearchBody, KnowledgeSearchResponse, SearchKnowledgeBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod<{ searchService: SearchService }> = async (app, { searchService }) => {
  app.post(
    '/api/knowledge/search',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Search one own collection (or all when collection_id is absent); best documents first',
        body: KnowledgeSearchBody,
        response: { 200: KnowledgeSearchResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { query, collection_id: collectionId, limit } = request.body;
      const scope = collectionId ? [collectionId] : null;
      return { results: await searchService.search(currentUser(request).id, query, scope, limit) };
    },
  );

  app.post(
    '/api/knowledge/search-knowledge',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Search the collections the caller may read: own and shared with them (empty or absent = all of them)',
        body: SearchKnowledgeBody,
        response: { 200: KnowledgeSearchResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { query, collectionIds, limit } = request.body;
      return { results: await searchService.search(currentUser(request).id, query, collectionIds ?? null, limit) };
    },
  );
};
