import {
  AdminImportBody,
  AdminImportResult,
  AdminStats,
  AdminUsage,
  AdminUsageQuery,
  ErrorBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { AdminImportService } from './admin-import.service';
import type { AdminStatsService } from './admin-stats.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['admin'];

export interface AdminDashboardRoutesOptions {
  adminStatsService: AdminStatsService;
  adminImportService: AdminImportService;
}

/** The dashboard's figures and the CSV import; scope (organisation or instance) is decided by the services. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminDashboardRoutesOptions> = async (app, options) => {
  app.get(
    '/api/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Users, active users (7 days), conversations, documents and storage',
        response: { 200: AdminStats, ...errors },
      },
    },
    async (request) => options.adminStatsService.stats(currentUser(request)),
  );

  app.get(
    '/api/admin/usage',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Messages and uploads per UTC day',
        querystring: AdminUsageQuery,
        response: { 200: AdminUsage, ...errors },
      },
    },
    async (request) => options.adminStatsService.usage(currentUser(request), request.query.days),
  );

  app.post(
    '/api/admin/users/import',
    {
      config: { access: 'admin' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Create users from CSV text (header: email,password[,full_name|name][,role])',
        body: AdminImportBody,
        response: { 200: AdminImportResult, ...errors },
      },
    },
    async (request) => options.adminImportService.import(currentUser(request), request.body.csv),
  );
};
