import {
  ErrorBody,
  MyUsage,
  OkResponse,
  QuotaBody,
  QuotaParams,
  QuotaRule,
  QuotaRuleList,
  UsageQuery,
  UsageReport,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { contentDisposition } from '../../http/content-disposition';
import { auditContext } from '../audit';
import type { QuotaService } from './quota.service';
import type { UsageService } from './usage.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['usage'];

export interface UsageRoutesOptions {
  usageService: UsageService;
  quotaService: QuotaService;
}

/** Usage figures and quotas (issue 19); who sees what is decided by the services. */
export const usageRoutes: FastifyPluginAsyncZod<UsageRoutesOptions> = async (app, { usageService, quotaService }) => {
  app.get(
    '/api/usage/me',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Own requests and tokens per day and model, and own quotas',
        querystring: UsageQuery,
        response: { 200: MyUsage, ...errors },
      },
    },
    async (request) => usageService.mine(currentUser(request).id, request.query.days),
  );

  app.get(
    '/api/admin/usage/report',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Top users, top models and the trend by day (admins: their organisation)',
        querystring: UsageQuery,
        response: { 200: UsageReport, ...errors },
      },
    },
    async (request) => usageService.report(currentUser(request), request.query.days),
  );

  app.get(
    '/api/admin/usage/export',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Usage per day, user and model as CSV (admins: their organisation)',
        description: 'Answers a CSV file as a download (Content-Disposition), or an error body.',
        querystring: UsageQuery,
      },
    },
    async (request, reply) => {
      const csv = await usageService.csv(currentUser(request), request.query.days);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(usageService.exportFileName()))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/quotas',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Quota rules in scope', response: { 200: QuotaRuleList, ...errors } },
    },
    async (request) => ({ rules: await quotaService.list(currentUser(request)) }),
  );

  app.put(
    '/api/admin/quotas/:scope/:target_id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set the quota of the instance (target "default"), an organisation, a group or a user',
        params: QuotaParams,
        body: QuotaBody,
        response: { 200: QuotaRule, ...errors },
      },
    },
    async (request) =>
      quotaService.set(
        currentUser(request),
        request.params.scope,
        request.params.target_id,
        request.body,
        auditContext(request),
      ),
  );

  app.delete(
    '/api/admin/quotas/:scope/:target_id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Remove a quota rule', params: QuotaParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      const { scope, target_id: targetId } = request.params;
      await quotaService.remove(currentUser(request), scope, targetId, auditContext(request));
      return { ok: true as const };
    },
  );
};
