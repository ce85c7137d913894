import {
  ErrorBody,
  McpAvailableServersResponse,
  McpCredentialBody,
  McpOAuthCallbackQuery,
  McpOAuthStartResponse,
  McpServer,
  McpServerBody,
  McpServerIdParams,
  McpServersResponse,
  McpToolParams,
  McpToolUpdateBody,
  OkResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { currentUser, isSecureRequest } from '../../http/auth';
import { AppError } from '../../http/errors';
import { auditContext } from '../audit';
import {
  MCP_OAUTH_CALLBACK_PATH,
  MCP_OAUTH_COOKIE,
  MCP_OAUTH_COOKIE_PATH,
  MCP_OAUTH_FLOW_TTL_SECONDS,
} from './mcp-oauth';
import type { McpAdminService } from './mcp-admin.service';
import type { McpUserService } from './mcp-user.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['mcp'];

export interface McpRoutesOptions {
  mcpAdmin: McpAdminService;
  mcpUser: McpUserService;
  /** The OAuth callback URL is built from PUBLIC_URL when set (behind a proxy the request's own host may differ). */
  publicUrl: string | undefined;
  cookieSecure: 'auto' | 'true' | 'false';
}

/** Where the browser lands after Connect: Workspace → Tools, told how it went. */
const TOOLS_PAGE = '/workspace/tools';

/** Admins manage MCP servers; every signed-in user lists the ones open to them and keeps their own key or sign-in. */
export const mcpRoutes: FastifyPluginAsyncZod<McpRoutesOptions> = async (app, options) => {
  const { mcpAdmin: admin, mcpUser: user } = options;
  const redirectUri = (request: FastifyRequest) =>
    new URL(MCP_OAUTH_CALLBACK_PATH, options.publicUrl ?? `${request.protocol}://${request.host}`).href;
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
  app.post(
    '/api/mcp/servers/:id/oauth/start',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Connect: start signing in at an MCP server with OAuth (returns the page to open)',
        params: McpServerIdParams,
        response: { 200: McpOAuthStartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const started = await user.startOAuth(currentUser(request).id, request.params.id, redirectUri(request));
      void reply.setCookie(MCP_OAUTH_COOKIE, started.flow, {
        path: MCP_OAUTH_COOKIE_PATH,
        httpOnly: true,
        // Lax: the authorization server sends the browser back with a top-level GET, which carries Lax cookies.
        sameSite: 'lax',
        secure: isSecureRequest(request, options.cookieSecure),
        maxAge: MCP_OAUTH_FLOW_TTL_SECONDS,
      });
      return { authorization_url: started.url };
    },
  );
  app.get(
    MCP_OAUTH_CALLBACK_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Where the MCP server’s authorization page sends the browser back (then to Workspace → Tools)',
        querystring: McpOAuthCallbackQuery,
      },
    },
    async (request, reply) => {
      const flow = request.cookies[MCP_OAUTH_COOKIE];
      void reply.clearCookie(MCP_OAUTH_COOKIE, { path: MCP_OAUTH_COOKIE_PATH });
      try {
        const id = await user.finishOAuth(currentUser(request).id, flow, request.query, auditContext(request));
        return reply.redirect(`${TOOLS_PAGE}?mcp_connected=${encodeURIComponent(id)}`, 302);
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 400) throw error;
        request.log.info({ err: error }, 'MCP OAuth sign-in not completed');
        return reply.redirect(`${TOOLS_PAGE}?mcp_error=${encodeURIComponent(error.message)}`, 302);
      }
    },
  );
};
