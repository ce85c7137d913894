import {
  DataExport,
  DeleteAccountBody,
  ErrorBody,
  OkResponse,
  PrivacySettings,
  PrivacySettingsBody,
  UpdatePreferences,
  UpdatePreferencesBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookies, currentUser } from '../../http/auth';
import { contentDisposition } from '../../http/content-disposition';
import { auditContext } from '../audit';
import type { AccountPurgeService } from './account-purge.service';
import { exportFileName, type ExportService } from './export.service';
import type { PrivacyService } from './privacy.service';

export interface PrivacyRoutesOptions {
  privacyService: PrivacyService;
  exportService: ExportService;
  purgeService: AccountPurgeService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['privacy'];

export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (app, options) => {
  const { privacyService, exportService, purgeService } = options;

  app.get(
    '/api/privacy/settings',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Own data retention settings', response: { 200: PrivacySettings, ...errors } },
    },
    async (request) => privacyService.settings(currentUser(request).id),
  );

  app.put(
    '/api/privacy/settings',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change own data retention settings',
        description: 'Retention days outside 1-3650 (or not a whole number) are stored as 365.',
        body: PrivacySettingsBody,
        response: { 200: PrivacySettings, ...errors },
      },
    },
    async (request) => privacyService.updateSettings(currentUser(request).id, request.body, auditContext(request)),
  );

  app.get(
    '/api/privacy/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download own data as JSON',
        description:
          'Profile, preferences, conversations with messages, collections with document metadata (no content) and ' +
          'audit entries of the last 90 days, as the file knowledge-data-export-{date}.json.',
        response: { 200: DataExport, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const data = await exportService.export(currentUser(request).id, auditContext(request), now);
      return reply
        .header('content-disposition', contentDisposition(exportFileName(now)))
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.delete(
    '/api/profile',
    {
      // Deleting the account needs the person, never a script's API token (issue 16, weakness 1).
      config: { access: 'user', credential: 'session' },
      schema: {
        tags,
        summary: 'Delete own account and everything it owns (asks for the password)',
        body: DeleteAccountBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      await purgeService.deleteOwnAccount(currentUser(request), request.body.password, auditContext(request));
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/preferences/update',
    {
      config: { access: 'super_admin' },
      schema: { tags, summary: 'Update Settings (super admins)', response: { 200: UpdatePreferences, ...errors } },
    },
    async (request) => privacyService.updatePreferences(currentUser(request).id),
  );

  app.put(
    '/api/preferences/update',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Change Update Settings (super admins)',
        body: UpdatePreferencesBody,
        response: { 200: UpdatePreferences, ...errors },
      },
    },
    async (request) =>
      privacyService.setUpdatePreferences(currentUser(request).id, request.body, auditContext(request)),
  );
};
