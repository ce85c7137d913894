import {
  DetectDocChangesBody,
  DetectDocChangesResult,
  DocChangeList,
  DocsMaintenanceSettings,
  DocUpdate,
  DocUpdateList,
  DocUpdateListQuery,
  DocDraftJob,
  ErrorBody,
  GenerateDocUpdateBody,
  GenerateDocUpdateResult,
  IdParams,
  ProcessDocUpdatesResult,
  UpdateDocsMaintenanceSettingsBody,
} from '@hearth/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../audit';
import type { DocChangeService } from './doc-change.service';
import type { DocDraftJobs } from './doc-draft.job';
import type { DocUpdateDecisionService } from './doc-update-decision.service';
import type { DocUpdateService } from './doc-update.service';
import type { MaintenanceSettingsService } from './maintenance-settings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const modelErrors = { ...errors, 502: ErrorBody, 503: ErrorBody, 504: ErrorBody };
const tags = ['docs'];
const config = { access: 'super_admin' as const };

export interface MaintenanceRouteOptions {
  settings: MaintenanceSettingsService;
  changes: DocChangeService;
  updates: DocUpdateService;
  decisions: DocUpdateDecisionService;
  drafts: DocDraftJobs;
}

/** A signal that stops the model when the caller goes away before the answer is sent. */
function callerGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Documentation maintenance (super admins): settings, change detection, drafting, applying and rejecting updates. */
export const maintenanceRoutes: FastifyPluginAsyncZod<MaintenanceRouteOptions> = async (
  app,
  { settings, changes, updates, decisions, drafts },
) => {
  app.get(
    '/api/admin/docs/maintenance/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Documentation maintenance settings',
        response: { 200: DocsMaintenanceSettings, ...errors },
      },
    },
    async () => settings.get(),
  );

  app.put(
    '/api/admin/docs/maintenance/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Set the git working tree to read (an absolute path; null: the app’s own) and the drafting model',
        body: UpdateDocsMaintenanceSettingsBody,
        response: { 200: DocsMaintenanceSettings, ...errors },
      },
    },
    async (request) => settings.update(request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/docs/changes/detect',
    {
      config,
      schema: {
        tags,
        summary: 'Record the files changed since the last processed commit (or since a given commit)',
        body: DetectDocChangesBody,
        response: { 200: DetectDocChangesResult, ...errors, 503: ErrorBody },
      },
    },
    async (request) => changes.detect(request.body, auditContext(request)),
  );

  app.get(
    '/api/admin/docs/changes',
    {
      config,
      schema: {
        tags,
        summary: 'Detected changes, unprocessed first, newest first',
        response: { 200: DocChangeList, ...errors },
      },
    },
    async () => ({ changes: await changes.list() }),
  );

  app.post(
    '/api/admin/docs/changes/:id/draft',
    {
      config,
      schema: {
        tags,
        summary:
          'Start drafting one documentation update per affected page with the model (a background job; follow it ' +
          'at /api/admin/docs/drafts/:id); marks the change processed when done',
        params: IdParams,
        response: { 202: DocDraftJob, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await drafts.start(request.params.id, auditContext(request))),
  );

  app.get(
    '/api/admin/docs/drafts/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A drafting job: queued, running (pages drafted so far), done (with the updates) or failed',
        params: IdParams,
        response: { 200: DocDraftJob, ...errors },
      },
    },
    async (request) => drafts.get(request.params.id),
  );

  app.post(
    '/api/admin/docs/generate-update',
    {
      config,
      schema: {
        tags,
        summary: 'generate-doc-update: the updated page for a change (records nothing)',
        body: GenerateDocUpdateBody,
        response: { 200: GenerateDocUpdateResult, ...modelErrors },
      },
    },
    async (request, reply) => updates.generate(request.body, callerGone(reply)),
  );

  app.get(
    '/api/admin/docs/updates',
    {
      config,
      schema: {
        tags,
        summary: 'Documentation updates, newest first',
        querystring: DocUpdateListQuery,
        response: { 200: DocUpdateList, ...errors },
      },
    },
    async (request) => ({ updates: await updates.list(request.query.status) }),
  );

  app.post(
    '/api/admin/docs/updates/process-automatic',
    {
      config,
      schema: {
        tags,
        summary: 'Apply every pending automatic update (one that fails is rejected with the reason)',
        response: { 200: ProcessDocUpdatesResult, ...errors },
      },
    },
    async (request) => decisions.processAutomatic(auditContext(request)),
  );

  app.post(
    '/api/admin/docs/updates/:id/apply',
    {
      config,
      schema: {
        tags,
        summary:
          'Apply a pending update (409 when it is not pending, or when it could not be applied and was rejected)',
        params: IdParams,
        response: { 200: DocUpdate, ...errors },
      },
    },
    async (request) => decisions.apply(request.params.id, auditContext(request)),
  );

  app.post(
    '/api/admin/docs/updates/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: 'Reject a pending update',
        params: IdParams,
        response: { 200: DocUpdate, ...errors },
      },
    },
    async (request) => decisions.reject(request.params.id, auditContext(request)),
  );
};
