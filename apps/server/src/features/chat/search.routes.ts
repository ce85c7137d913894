import { ConversationSearchQuery, ConversationSearchResult, ErrorBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod<{ searchService: SearchService }> = async (
  app,
  { searchService: service },
) => {
  app.get(
    '/api/conversations/search',
    {
      config: { access: 'user' as const },
      schema: {
        tags: ['chat'],
        summary: 'Search own conversations: titles and message text, newest match first (paged)',
        querystring: ConversationSearchQuery,
        response: { 200: ConversationSearchResult, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => service.find(currentUser(request).id, request.query),
  );
};
