import {
  DocPageDetail,
  DocPageOverrideList,
  DocPagePathQuery,
  DocPageRevisionQuery,
  DocPageRevisionSource,
  DocPageSummaryList,
  ErrorBody,
  RevertDocPageBody,
  SaveDocPageBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../audit';
import type { DocPageService } from './doc-page.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['docs'];
const config = { access: 'super_admin' as const };

/** The documentation pages: the public docs site reads saved versions; super admins edit, see history, revert. */
export const docPageRoutes: FastifyPluginAsyncZod<{ pages: DocPageService }> = async (app, { pages }) => {
  app.get(
    '/api/docs/pages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The documentation pages saved in the app (the docs site shows them instead of the shipped text)',
        response: { 200: DocPageOverrideList },
      },
    },
    async () => ({ pages: await pages.overrides() }),
  );

  app.get(
    '/api/admin/docs/pages',
    { config, schema: { tags, summary: 'Every documentation page', response: { 200: DocPageSummaryList, ...errors } } },
    async () => ({ pages: await pages.list() }),
  );

  app.get(
    '/api/admin/docs/page',
    {
      config,
      schema: {
        tags,
        summary: 'A page: current and shipped source, and its revisions',
        querystring: DocPagePathQuery,
        response: { 200: DocPageDetail, ...errors },
      },
    },
    async (request) => await pages.detail(request.query.path),
  );

  app.get(
    '/api/admin/docs/page/revision',
    {
      config,
      schema: {
        tags,
        summary: 'The source of one revision (0 = shipped)',
        querystring: DocPageRevisionQuery,
        response: { 200: DocPageRevisionSource, ...errors },
      },
    },
    async (request) => await pages.revisionSource(request.query.path, request.query.revision),
  );

  app.put(
    '/api/admin/docs/page',
    {
      config,
      schema: {
        tags,
        summary: 'Save a page as a new revision (409 when someone saved since baseRevision)',
        body: SaveDocPageBody,
        response: { 200: DocPageDetail, ...errors },
      },
    },
    async (request) => await pages.save(request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/docs/page/revert',
    {
      config,
      schema: {
        tags,
        summary: 'Make an older revision (0 = shipped) current again, as a new revision',
        body: RevertDocPageBody,
        response: { 200: DocPageDetail, ...errors },
      },
    },
    async (request) => await pages.revert(request.body, auditContext(request)),
  );
};
