import {
  ErrorBody,
  InstanceDefaults,
  SecuritySettings,
  SecuritySettingsUpdate,
  SystemSettings,
  SystemSettingsUpdate,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { AdminSettingsService } from './admin-settings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['admin'];

/** Admins read the settings (the dashboard shows them); only super admins change them. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ adminSettingsService: AdminSettingsService }> = async (
  app,
  { adminSettingsService: service },
) => {
  app.get(
    '/api/admin/settings/security',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Security settings', response: { 200: SecuritySettings, ...errors } },
    },
    async () => service.security(),
  );

  app.put(
    '/api/admin/settings/security',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Change the password policy, sign-up mode and session lifetime',
        body: SecuritySettingsUpdate,
        response: { 200: SecuritySettings, ...errors },
      },
    },
    async (request) => service.updateSecurity(currentUser(request).id, request.body, auditContext(request)),
  );

  app.get(
    '/api/admin/settings/system',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'System settings', response: { 200: SystemSettings, ...errors } },
    },
    async () => service.system(),
  );

  app.put(
    '/api/admin/settings/system',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Change the default model and the upload limit',
        body: SystemSettingsUpdate,
        response: { 200: SystemSettings, ...errors },
      },
    },
    async (request) => service.updateSystem(currentUser(request).id, request.body, auditContext(request)),
  );

  app.get(
    '/api/instance/defaults',
    {
      config: { access: 'user' },
      schema: {
        tags: ['settings'],
        summary: 'Instance defaults every signed-in user needs (default model, upload limit)',
        response: { 200: InstanceDefaults, 401: ErrorBody },
      },
    },
    async () => service.instanceDefaults(),
  );
};
