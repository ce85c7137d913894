import {
  AddGroupMemberBody,
  CreateGroupBody,
  ErrorBody,
  Group,
  GroupList,
  GroupListQuery,
  GroupMemberList,
  GroupMemberParams,
  IdParams,
  OkResponse,
  RenameGroupBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { GroupService } from './group.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

export const groupRoutes: FastifyPluginAsyncZod<{ groupService: GroupService }> = async (
  app,
  { groupService: service },
) => {
  app.get(
    '/api/groups',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        summary: "The groups of the caller's organisation (to share collections and prompts with)",
        response: { 200: GroupList, ...errors },
      },
    },
    async (request) => ({ groups: await service.forMember(currentUser(request)) }),
  );

  app.get(
    '/api/admin/groups',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'List groups (admins: their organisation; super admins: all or one organisation)',
        querystring: GroupListQuery,
        response: { 200: GroupList, ...errors },
      },
    },
    async (request) => ({ groups: await service.list(currentUser(request), request.query.organization_id) }),
  );

  app.post(
    '/api/admin/groups',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Create a group', body: CreateGroupBody, response: { 201: Group, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body, auditContext(request))),
  );

  app.patch(
    '/api/admin/groups/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rename a group',
        params: IdParams,
        body: RenameGroupBody,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => service.rename(currentUser(request), request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/api/admin/groups/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a group (its memberships and shares end)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/groups/:id/members',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "A group's members", params: IdParams, response: { 200: GroupMemberList, ...errors } },
    },
    async (request) => ({ members: await service.members(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/admin/groups/:id/members',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Add a user of the group's organisation",
        params: IdParams,
        body: AddGroupMemberBody,
        response: { 200: GroupMemberList, ...errors },
      },
    },
    async (request) => ({
      members: await service.addMember(
        currentUser(request),
        request.params.id,
        request.body.user_id,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/api/admin/groups/:id/members/:user_id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Remove a member',
        params: GroupMemberParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { id, user_id: userId } = request.params;
      await service.removeMember(currentUser(request), id, userId, auditContext(request));
      return { ok: true as const };
    },
  );
};
