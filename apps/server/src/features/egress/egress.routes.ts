import { EgressReport, ErrorBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EgressService } from './egress.service';

export const egressRoutes: FastifyPluginAsyncZod<{ egress: EgressService }> = async (app, { egress }) => {
  app.get(
    '/api/admin/egress',
    {
      // Instance-wide infrastructure (database, mail, storage hosts): super admins only, like the network settings.
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Outbound destinations the instance is configured to use, and the connections this server made',
        response: { 200: EgressReport, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => egress.report(),
  );
};
