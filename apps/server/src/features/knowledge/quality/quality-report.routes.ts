import { CreateQualityReportBody, ErrorBody, IdParams, QualityReport, QualityReportList } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../http/auth';
import { auditContext } from '../../audit';
import type { QualityReportService } from './quality-report.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const qualityReportRoutes: FastifyPluginAsyncZod<{ qualityReportService: QualityReportService }> = async (
  app,
  { qualityReportService },
) => {
  app.post(
    '/api/knowledge/collections/:id/quality-reports',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Check an own collection’s retrieval quality (runs in the background; the running report answers)',
        params: IdParams,
        body: CreateQualityReportBody,
        response: { 202: QualityReport, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await qualityReportService.start(
            currentUser(request).id,
            request.params.id,
            request.body,
            auditContext(request),
          ),
        ),
  );

  app.get(
    '/api/knowledge/collections/:id/quality-reports',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Quality reports of an own collection, newest first (the latest and its history)',
        params: IdParams,
        response: { 200: QualityReportList, ...errors },
      },
    },
    async (request) => ({
      reports: await qualityReportService.list(currentUser(request).id, request.params.id),
    }),
  );
};
