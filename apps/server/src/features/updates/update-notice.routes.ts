import {
  ErrorBody,
  OkResponse,
  SnoozeUpdateResponse,
  UpdateSettings,
  UpdateSettingsBody,
  UpdatesResponse,
  UpdateVersionBody,
  UpgradeRequestResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { UpdateNoticeService } from './update-notice.service';
import type { UpdateSettingsService } from './update-settings.service';

const tags = ['updates'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const ok = { ok: true as const };

/**
 * Update notices. Every signed-in user reads /api/updates (admins alone get the available version and how to
 * upgrade) and marks the "updated" notice seen; Later, X, Check now and Upgrade now are for admins; the Update
 * Settings for super admins.
 */
export const updateNoticeRoutes: FastifyPluginAsyncZod<{
  updateNoticeService: UpdateNoticeService;
  updateSettingsService: UpdateSettingsService;
}> = async (app, { updateNoticeService: notices, updateSettingsService: settings }) => {
  app.get(
    '/api/updates',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The running version, the "updated" notice, and (admins only) the newer version and how to upgrade',
        response: { 200: UpdatesResponse, 401: ErrorBody },
      },
    },
    async (request) => notices.overview(currentUser(request)),
  );

  app.post(
    '/api/updates/whats-new/seen',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The caller saw the "Hearth was updated" notice for this version',
        body: UpdateVersionBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await notices.seen(currentUser(request).id, request.body.version);
      return ok;
    },
  );

  app.post(
    '/api/updates/snooze',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Later: collapse the card for a day',
        response: { 200: SnoozeUpdateResponse, ...errors },
      },
    },
    async (request) => notices.snooze(currentUser(request).id),
  );

  app.post(
    '/api/updates/dismiss',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'X: collapse the card for this version',
        body: UpdateVersionBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await notices.dismiss(currentUser(request).id, request.body.version);
      return ok;
    },
  );

  app.post(
    '/api/updates/check',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Read the release feed now', response: { 200: UpdatesResponse, ...errors } },
    },
    async (request) => notices.checkNow(currentUser(request)),
  );

  app.post(
    '/api/updates/upgrade',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Upgrade now: call the deploy webhook; /health reports the new version once it runs',
        body: UpdateVersionBody,
        response: { 200: UpgradeRequestResponse, ...errors, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => notices.upgrade(request.body.version, auditContext(request)),
  );

  app.get(
    '/api/admin/update-settings',
    {
      config: { access: 'super_admin' },
      schema: { tags, summary: 'Update Settings (instance-wide)', response: { 200: UpdateSettings, ...errors } },
    },
    async () => settings.get(),
  );

  app.put(
    '/api/admin/update-settings',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Save the Update Settings',
        body: UpdateSettingsBody,
        response: { 200: UpdateSettings, ...errors },
      },
    },
    async (request) => settings.save(request.body, auditContext(request)),
  );
};
