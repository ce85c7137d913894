import { DocumentAnalyzeBody, DocumentAnalyzeResponse, ErrorBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { DocumentAnalysisService } from './document-analysis.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 502: ErrorBody, 503: ErrorBody, 504: ErrorBody };

/** The spec's local-backend document analysis (same shapes as the seed's table). */
export const documentAnalysisRoutes: FastifyPluginAsyncZod<{ analysis: DocumentAnalysisService }> = async (
  app,
  { analysis },
) => {
  app.post(
    '/api/documents/analyze',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary:
          'Analyse a text with a chat model (analysis_type: general, summary, key_points, entities, sentiment, topics...)',
        body: DocumentAnalyzeBody,
        response: { 200: DocumentAnalyzeResponse, ...errors },
      },
    },
    async (request, reply) => {
      // Stop the model when the caller goes away before the answer is sent.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return analysis.analyze(currentUser(request).id, request.body, controller.signal);
    },
  );
};
