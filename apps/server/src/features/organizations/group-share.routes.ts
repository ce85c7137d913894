import { ErrorBody, IdParams, PromptGroupsBody, PromptGroupsResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { GroupShareTarget } from './group-share.repository';
import type { GroupShareService } from './group-share.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** GET and PUT `/api/<target>s/:id/groups`: the groups an own prompt or preset is shared with. */
export const groupShareRoutes: FastifyPluginAsyncZod<{ target: GroupShareTarget; service: GroupShareService }> = async (
  app,
  { target, service },
) => {
  const url = `/api/${target}s/:id/groups`;
  const tags = [`${target}s`];
  app.get(
    url,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: `The groups an own ${target} is shared with`,
        params: IdParams,
        response: { 200: PromptGroupsResponse, ...errors },
      },
    },
    async (request) => ({ groups: await service.groups(currentUser(request), request.params.id) }),
  );

  app.put(
    url,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: `Share an own ${target} with groups of the owner's organisation (replaces the list)`,
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
