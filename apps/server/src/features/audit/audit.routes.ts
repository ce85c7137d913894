import { AuditChainReport, AuditLogList, AuditLogQuery, ErrorBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { AuditService } from './audit.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const auditRoutes: FastifyPluginAsyncZod<{ auditService: AuditService }> = async (app, { auditService }) => {
  app.get(
    '/api/audit-logs',
    {
      config: { access: 'user' },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries, newest first',
        description:
          "Default: the caller's own entries (50). Admins with scope=organization: their organisation's entries " +
          "(super admins: everyone's), filterable by user_id, action and resource_type.",
        querystring: AuditLogQuery,
        response: { 200: AuditLogList, ...errors },
      },
    },
    async (request) => auditService.list(currentUser(request), request.query),
  );

  app.get(
    '/api/audit-logs/verify',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'Verify the hash chain of the audit log',
        response: { 200: AuditChainReport, ...errors },
      },
    },
    async () => auditService.verify(),
  );
};
