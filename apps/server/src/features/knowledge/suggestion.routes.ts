import { ErrorBody, SuggestCollectionsBody, SuggestCollectionsResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { SuggestionService } from './suggestion.service';

export const suggestionRoutes: FastifyPluginAsyncZod<{ suggestionService: SuggestionService }> = async (
  app,
  { suggestionService },
) => {
  app.post(
    '/api/knowledge/suggest-collections',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Up to 3 own collections worth searching for a chat message (spec §9 scoring), best first',
        body: SuggestCollectionsBody,
        response: { 200: SuggestCollectionsResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => ({
      suggestions: await suggestionService.suggest(currentUser(request).id, request.body.message),
    }),
  );
};
