import {
  AdminCreateUserBody,
  AdminSetRoleBody,
  AdminUpdateUserBody,
  AdminUser,
  AdminUserList,
  AdminUserListQuery,
  ErrorBody,
  IdParams,
  OkResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { AdminUserService } from './admin-user.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

export const adminUserRoutes: FastifyPluginAsyncZod<{ adminUserService: AdminUserService }> = async (
  app,
  { adminUserService: service },
) => {
  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'List users (super admins: everyone; admins: their organisation)',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...errors },
      },
    },
    async (request) => {
      const { search, page, page_size, organization_id: organizationId } = request.query;
      const result = await service.list(currentUser(request), { search, organizationId, page, pageSize: page_size });
      return { ...result, page, page_size };
    },
  );

  app.post(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Create a user in the admin's organisation",
        body: AdminCreateUserBody,
        response: { 201: AdminUser, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body, auditContext(request))),
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Change a user's role",
        params: IdParams,
        body: AdminSetRoleBody,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (request) =>
      service.setRole(currentUser(request), request.params.id, request.body.role, auditContext(request)),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Correct a user's full name or e-mail address",
        params: IdParams,
        body: AdminUpdateUserBody,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (request) =>
      service.updateDetails(currentUser(request), request.params.id, request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/users/:id/ban',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ban a user: their sessions and API tokens stop working at once',
        params: IdParams,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (request) => service.setBanned(currentUser(request), request.params.id, true, auditContext(request)),
  );

  app.post(
    '/api/admin/users/:id/unban',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Lift a ban', params: IdParams, response: { 200: AdminUser, ...errors } },
    },
    async (request) => service.setBanned(currentUser(request), request.params.id, false, auditContext(request)),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a user account and everything it owns',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
