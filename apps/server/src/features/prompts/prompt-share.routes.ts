import { ErrorBody, IdParams, PromptGroupsBody, PromptGroupsResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { PromptShareService } from './prompt-share.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const promptShareRoutes: FastifyPluginAsyncZod<{ promptShareService: PromptShareService }> = async (
  app,
  { promptShareService: service },
) => {
  app.get(
    '/api/prompts/:id/groups',
    {
      config: { access: 'user' },
      schema: {
        tags: ['prompts'],
        summary: 'The groups an own prompt is shared with',
        params: IdParams,
        response: { 200: PromptGroupsResponse, ...errors },
      },
    },
    async (request) => ({ groups: await service.groups(currentUser(request), request.params.id) }),
  );

  app.put(
    '/api/prompts/:id/groups',
    {
      config: { access: 'user' },
      schema: {
        tags: ['prompts'],
        summary: "Share an own prompt with groups of the owner's organisation (replaces the list)",
        params: IdParams,
        body: PromptGroupsBody,
        response: { 200: PromptGroupsResponse, ...errors },
      },
    },
    async (request) => ({
      groups: await service.setGroups(
        currentUser(request),
        request.params.id,
        request.body.group_ids,
        auditContext(request),
      ),
    }),
  );
};
