import {
  ErrorBody,
  McpAvailableServersResponse,
  McpCredentialBody,
  McpServer,
  McpServerBody,
  McpServerIdParams,
  McpServersResponse,
  McpToolParams,
  McpToolUpdateBody,
  OkResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { McpAdminService } from './mcp-admin.service';
import type { McpUserService } from './mcp-user.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['mcp'];

/** Admins manage MCP servers; every signed-in user lists the ones open to them and keeps their own key. */
export const mcpRoutes: FastifyPluginAsyncZod<{ mcpAdmin: McpAdminService; mcpUser: McpUserService }> = async (
  app,
  { mcpAdmin: admin, mcpUser: user },
) => {
  app.get(
    '/api/admin/mcp-servers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'MCP servers, their tools and the allowed stdio commands',
        response: { 200: McpServersResponse, ...errors },
      },
    },
    async () => admin.list(),
  );
  app.post(
    '/api/admin/mcp-servers',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Register an MCP server', body: McpServerBody, response: { 201: McpServer, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.create(currentUser(request).id, request.body, auditContext(request))),
  );
  app.put(
    '/api/admin/mcp-servers/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change an MCP server (environment values are kept when env is omitted)',
        params: McpServerIdParams,
        body: McpServerBody,
        response: { 200: McpServer, ...errors },
      },
    },
    async (request) => admin.update(currentUser(request).id, request.params.id, request.body, auditContext(request)),
  );
  app.delete(
    '/api/admin/mcp-servers/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Remove an MCP server',
        params: McpServerIdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await admin.delete(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
  app.post(
    '/api/admin/mcp-servers/:id/refresh',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'List the server’s tools now and store them',
        params: McpServerIdParams,
        response: { 200: McpServer, ...errors },
      },
    },
    async (request) => admin.refresh(currentUser(request).id, request.params.id, auditContext(request)),
  );
  app.patch(
    '/api/admin/mcp-servers/:id/tools/:tool',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Enable a tool or choose whether it asks first',
        params: McpToolParams,
        body: McpToolUpdateBody,
        response: { 200: McpServer, ...errors },
      },
    },
    async (request) =>
      admin.updateTool(
        currentUser(request).id,
        request.params.id,
        request.params.tool,
        request.body,
        auditContext(request),
      ),
  );

  app.get(
    '/api/mcp/servers',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The MCP servers open to me, and whether my own key is set',
        response: { 200: McpAvailableServersResponse, ...errors },
      },
    },
    async (request) => ({ servers: await user.available(currentUser(request).id) }),
  );
  app.put(
    '/api/mcp/servers/:id/credential',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Set my own key for an MCP server (stored sealed, never shown again)',
        params: McpServerIdParams,
        body: McpCredentialBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await user.setCredential(currentUser(request).id, request.params.id, request.body.key, auditContext(request));
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/mcp/servers/:id/credential',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove my own key for an MCP server',
        params: McpServerIdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await user.deleteCredential(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
