import {
  AvailableToolList,
  BuiltinTool,
  BuiltinToolList,
  BuiltinToolParams,
  ErrorBody,
  ToolCallDecisionBody,
  ToolCallDecisionResponse,
  ToolCallParams,
  UpdateBuiltinToolBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { ToolService } from './tool.service';

const tags = ['tools'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Workspace → Tools and the approvals of calls that ask first (issue 20). */
export const toolRoutes: FastifyPluginAsyncZod<{ tools: ToolService }> = async (app, { tools }) => {
  app.get(
    '/api/tools',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The tools my answers may call now', response: { 200: AvailableToolList, ...errors } },
    },
    async (request) => {
      const available = await tools.availableTo(currentUser(request).id, AbortSignal.timeout(20_000));
      return {
        tools: available.map((tool) => ({
          name: tool.spec.name,
          description: tool.spec.description,
          source: tool.source,
          approval: tool.approval,
        })),
      };
    },
  );

  app.get(
    '/api/tools/builtin',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The built-in tools and the admin's choices",
        response: { 200: BuiltinToolList, ...errors },
      },
    },
    async () => ({ tools: await tools.listBuiltin() }),
  );

  app.put(
    '/api/admin/tools/builtin/:name',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Switch a built-in tool on or off, and choose whether it asks first',
        params: BuiltinToolParams,
        body: UpdateBuiltinToolBody,
        response: { 200: BuiltinTool, ...errors },
      },
    },
    async (request) => tools.updateBuiltin(request.params.name, request.body, auditContext(request)),
  );

  app.post(
    '/api/conversations/:id/tool-calls/:callId/decision',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Run or decline a tool call waiting for my approval',
        params: ToolCallParams,
        body: ToolCallDecisionBody,
        response: { 200: ToolCallDecisionResponse, ...errors },
      },
    },
    async (request) => ({
      decided: await tools.decide(
        currentUser(request).id,
        request.params.id,
        request.params.callId,
        request.body.approve,
      ),
    }),
  );
};
