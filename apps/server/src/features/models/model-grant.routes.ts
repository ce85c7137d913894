import { ErrorBody, ModelGrant, ModelGrantBody, ModelGrantsResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { ModelAccessService } from './model-access.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['models'];

/** Model visibility: which groups may see a model or a runtime (issue 16). */
export const modelGrantRoutes: FastifyPluginAsyncZod<{ modelAccessService: ModelAccessService }> = async (
  app,
  { modelAccessService: service },
) => {
  app.get(
    '/api/models/grants',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Models and runtimes restricted to groups (anything not listed is visible to everyone)',
        response: { 200: ModelGrantsResponse, ...errors },
      },
    },
    async () => ({ grants: await service.list() }),
  );

  app.put(
    '/api/models/grants',
    {
      // Groups span organisations and runtimes serve the whole instance, so only super admins decide.
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: "Set the groups that may see a model or a runtime; an empty list means 'Everyone'",
        body: ModelGrantBody,
        response: { 200: ModelGrant, ...errors },
      },
    },
    async (request) => service.set(currentUser(request).id, request.body, auditContext(request)),
  );
};
