import { ErrorBody, NetworkSettings, NetworkSettingsBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { NetworkSettingsService } from './network-settings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export const networkSettingsRoutes: FastifyPluginAsyncZod<{ networkSettings: NetworkSettingsService }> = async (
  app,
  { networkSettings },
) => {
  app.get(
    '/api/admin/settings/network',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Intranet hosts that user-supplied URLs (web scraping) may reach',
        response: { 200: NetworkSettings, ...errors },
      },
    },
    async () => networkSettings.get(),
  );

  app.put(
    '/api/admin/settings/network',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replace the intranet allowlist: host names (*.suffix allowed), IP addresses or CIDR ranges',
        body: NetworkSettingsBody,
        response: { 200: NetworkSettings, ...errors },
      },
    },
    async (request) => networkSettings.update(currentUser(request).id, request.body, auditContext(request)),
  );
};
