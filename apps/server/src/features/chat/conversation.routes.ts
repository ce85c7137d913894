import {
  ClearHistoryResponse,
  Conversation,
  ConversationList,
  ConversationListQuery,
  CreateConversationBody,
  ErrorBody,
  IdParams,
  MessageList,
  MessageListQuery,
  OkResponse,
  StopResponse,
  UpdateConversationBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { ConversationService } from './conversation.service';

const tags = ['chat'];

export const conversationRoutes: FastifyPluginAsyncZod<{ conversationService: ConversationService }> = async (
  app,
  { conversationService: service },
) => {
  const user = { config: { access: 'user' as const } };

  app.get(
    '/api/conversations',
    {
      ...user,
      schema: {
        tags,
        summary: 'List own conversations, newest updated first (paged)',
        querystring: ConversationListQuery,
        response: { 200: ConversationList, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => service.list(currentUser(request).id, request.query),
  );

  app.post(
    '/api/conversations',
    {
      ...user,
      schema: {
        tags,
        summary: 'Create a conversation',
        body: CreateConversationBody,
        response: { 201: Conversation, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request).id, request.body.title, auditContext(request))),
  );

  app.get(
    '/api/conversations/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'One conversation',
        params: IdParams,
        response: { 200: Conversation, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => service.get(currentUser(request).id, request.params.id),
  );

  app.patch(
    '/api/conversations/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Rename a conversation',
        params: IdParams,
        body: UpdateConversationBody,
        response: { 200: Conversation, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      service.rename(currentUser(request).id, request.params.id, request.body.title, auditContext(request)),
  );

  app.delete(
    '/api/conversations/:id',
    {
      ...user,
      schema: {
        tags,
        summary: 'Delete a conversation with its messages and files',
        params: IdParams,
        response: { 200: OkResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await service.delete(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/conversations',
    {
      ...user,
      schema: {
        tags,
        summary: 'Clear History: delete all own conversations',
        response: { 200: ClearHistoryResponse, 401: ErrorBody },
      },
    },
    async (request) => ({ deleted: await service.clear(currentUser(request).id, auditContext(request)) }),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      ...user,
      schema: {
        tags,
        summary: 'Messages of a conversation, oldest first within a page (newest page without a cursor)',
        params: IdParams,
        querystring: MessageListQuery,
        response: { 200: MessageList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => service.messagePage(currentUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/stop',
    {
      ...user,
      schema: {
        tags,
        summary: "Stop the conversation's answer in progress (from any tab); the partial answer is kept",
        params: IdParams,
        response: { 200: StopResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ stopped: await service.stop(currentUser(request).id, request.params.id) }),
  );
};
