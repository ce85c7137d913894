import {
  ErrorBody,
  WebSearchSettings,
  WebSearchSettingsUpdate,
  WebSearchStatus,
  WebSearchTestBody,
  WebSearchTestResult,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { WebSearchService } from './web-search.service';
import type { WebSearchSettingsService } from './web-search-settings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['web-search'];

/** Admins read the settings; only super admins change and test them (instance-wide, and queries leave it). */
export const webSearchRoutes: FastifyPluginAsyncZod<{
  webSearchSettings: WebSearchSettingsService;
  webSearch: WebSearchService;
}> = async (app, { webSearchSettings: settings, webSearch }) => {
  app.get(
    '/api/admin/web-search',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Web search settings', response: { 200: WebSearchSettings, ...errors } },
    },
    async () => settings.get(),
  );

  app.put(
    '/api/admin/web-search',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Choose the web search provider, its address and key, and turn web search on or off',
        body: WebSearchSettingsUpdate,
        response: { 200: WebSearchSettings, ...errors },
      },
    },
    async (request) => settings.update(currentUser(request).id, request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/web-search/test',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Run one search with the saved settings',
        body: WebSearchTestBody,
        response: { 200: WebSearchTestResult, ...errors },
      },
    },
    async (request) => webSearch.test(currentUser(request).id, request.body.query, auditContext(request)),
  );

  app.get(
    '/api/web-search/status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether answers may search the web (the composer offers "Search the web")',
        response: { 200: WebSearchStatus, 401: ErrorBody },
      },
    },
    async () => webSearch.status(),
  );
};
