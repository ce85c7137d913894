import { ErrorBody, IdParams, SwitchBranchBody, SwitchBranchResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { BranchService } from './branch.service';

export const branchRoutes: FastifyPluginAsyncZod<{ branchService: BranchService }> = async (app, { branchService }) => {
  app.post(
    '/api/conversations/:id/branch',
    {
      config: { access: 'user' as const },
      schema: {
        tags: ['chat'],
        summary: "Show the branch that contains a message (its newest descendant becomes the path's end)",
        params: IdParams,
        body: SwitchBranchBody,
        response: { 200: SwitchBranchResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => branchService.switchTo(currentUser(request).id, request.params.id, request.body.message_id),
  );
};
