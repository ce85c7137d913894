import {
  ErrorBody,
  IdParams,
  MoveUserBody,
  OkResponse,
  Organization,
  OrganizationBody,
  OrganizationList,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { OrganizationService } from './organization.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

export const organizationRoutes: FastifyPluginAsyncZod<{ organizationService: OrganizationService }> = async (
  app,
  { organizationService: service },
) => {
  app.get(
    '/api/admin/organizations',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'List organisations (super admins: all; admins: their own)',
        response: { 200: OrganizationList, ...errors },
      },
    },
    async (request) => ({ organizations: await service.list(currentUser(request)) }),
  );

  app.post(
    '/api/admin/organizations',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Create an organisation',
        body: OrganizationBody,
        response: { 201: Organization, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body, auditContext(request))),
  );

  app.patch(
    '/api/admin/organizations/:id',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Rename an organisation',
        params: IdParams,
        body: OrganizationBody,
        response: { 200: Organization, ...errors },
      },
    },
    async (request) => service.rename(currentUser(request), request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/api/admin/organizations/:id',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Delete an organisation with no users left (refused with 409 while it has any)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/admin/users/:id/organization',
    {
      config: { access: 'super_admin' },
      schema: {
        tags,
        summary: 'Move a user to another organisation (their groups and shares in the old one end)',
        params: IdParams,
        body: MoveUserBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await service.moveUser(currentUser(request), id, request.body.organization_id, auditContext(request));
      return { ok: true as const };
    },
  );
};
