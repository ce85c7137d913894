import {
  CreatePromptBody,
  ErrorBody,
  IdParams,
  OkResponse,
  Prompt,
  PromptListResponse,
  UpdatePromptBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { PromptService } from './prompt.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const promptRoutes: FastifyPluginAsyncZod<{ promptService: PromptService }> = async (app, { promptService }) => {
  app.get(
    '/api/prompts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['prompts'],
        summary: 'Own prompts, prompts shared in the organisation, and the built-in starters',
        response: { 200: PromptListResponse, 401: ErrorBody },
      },
    },
    async (request) => ({ prompts: await promptService.list(currentUser(request)) }),
  );

  app.post(
    '/api/prompts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['prompts'],
        summary: 'Create a prompt ({{name}} marks a variable)',
        body: CreatePromptBody,
        response: { 201: Prompt, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await promptService.create(currentUser(request), request.body, auditContext(request))),
  );

  app.patch(
    '/api/prompts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['prompts'],
        summary: 'Edit an own prompt (title, description, text, sharing)',
        params: IdParams,
        body: UpdatePromptBody,
        response: { 200: Prompt, ...errors },
      },
    },
    async (request) =>
      promptService.update(currentUser(request), request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/api/prompts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['prompts'],
        summary: 'Delete an own prompt',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await promptService.delete(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
