import { AdvancedSearchBody, AdvancedSearchResponse, ErrorBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { AdvancedSearchService } from './advanced-search.service';

/** Spec function advanced-rag. Failures inside answer the spec's fallback object (200); bad bodies are 400. */
export const advancedSearchRoutes: FastifyPluginAsyncZod<{ advancedSearchService: AdvancedSearchService }> = async (
  app,
  { advancedSearchService },
) => {
  app.post(
    '/api/knowledge/advanced-search',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Advanced retrieval over own collections: expansion, sub-questions, reranking, validation',
        body: AdvancedSearchBody,
        response: { 200: AdvancedSearchResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      // A caller that hangs up stops the model calls too.
      const stop = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });
      return advancedSearchService.search(currentUser(request).id, request.body, stop.signal);
    },
  );
};
