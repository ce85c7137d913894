import { BackupOverview, BackupRunAccepted, BackupSettings, BackupSettingsBody, ErrorBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../audit';
import type { BackupsFeature } from './backups-feature';

const tags = ['backups'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Admin → Backups, for super admins: the schedule, the last backup and its result, Back up now. */
export const backupRoutes: FastifyPluginAsyncZod<{ feature: BackupsFeature }> = async (app, { feature }) => {
  app.get(
    '/api/admin/backups',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Scheduled backups: settings, the last backup and its result',
        response: { 200: BackupOverview, ...errors },
      },
    },
    async () => feature.schedule.overview(),
  );

  app.put(
    '/api/admin/backups/settings',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Save the backup schedule, location and retention',
        body: BackupSettingsBody,
        response: { 200: BackupSettings, ...errors },
      },
    },
    async (request) => feature.schedule.saveSettings(request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/backups/run',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Back up now (a job; follow it with GET /api/admin/backups)',
        response: { 202: BackupRunAccepted, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await feature.runNow(auditContext(request))),
  );
};
