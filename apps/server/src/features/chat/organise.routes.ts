import {
  BulkConversationsBody,
  BulkConversationsResponse,
  ChatFolder,
  ChatFolderList,
  Conversation,
  CreateChatFolderBody,
  ErrorBody,
  IdParams,
  OkResponse,
  OrganizeConversationBody,
  UpdateChatFolderBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { OrganiseService } from './organise.service';

const tags = ['chat'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Organising conversations (issue 17): folders, pin / archive / move / tags, bulk actions. */
export const organiseRoutes: FastifyPluginAsyncZod<{ organiseService: OrganiseService }> = async (
  app,
  { organiseService: service },
) => {
  const user = { config: { access: 'user' as const } };

  app.patch(
    '/api/conversations/:id/organize',
    {
      ...user,
      schema: {
        tags,
        summary: 'Pin, archive, move to a folder or tag a conversation',
        params: IdParams,
        body: OrganizeConversationBody,
        response: { 200: Conversation, ...errors },
      },
    },
    async (request) =>
      service.organize(currentUser(request).id, request.params.id, request.body, auditContext(request)),
  );

  app.post(
    '/api/conversations/bulk',
    {
      ...user,
      schema: {
        tags,
        summary: 'Archive, restore, delete or move several own conversations (all or nothing)',
        body: BulkConversationsBody,
        response: { 200: BulkConversationsResponse, ...errors },
      },
    },
    async (request) => ({ count: await service.bulk(currentUser(request).id, request.body, auditContext(request)) }),
  );

  app.get(
    '/api/chat-folders',
    {
      ...user,
      schema: { tags, summary: 'Own chat folders', response: { 200: ChatFolderList, 401: ErrorBody } },
    },
    async (request) => service.listFolders(currentUser(request).id),
  );

  app.post(
    '/api/chat-folders',
    {
      ...user,
      schema: {
        tags,
        summary: 'Create a chat folder (inside a top-level one at most)',
        body: CreateChatFolderBody,
        response: { 201: ChatFolder, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createFolder(
            currentUser(request).id,
            request.body.name,
            request.body.parent_id ?? null,
            auditContext(request),
          ),
        ),
  );

  app.patch(
    '/api/chat-folders/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Rename or move a chat folder',
        params: IdParams,
        body: UpdateChatFolderBody,
        response: { 200: ChatFolder, ...errors },
      },
    },
    async (request) =>
      service.updateFolder(currentUser(request).id, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/api/chat-folders/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Delete a chat folder; its chats move out of it, they are not deleted',
        params: IdParams,
        response: { 200: OkResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await service.deleteFolder(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
