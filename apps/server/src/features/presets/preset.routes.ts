import {
  CreatePresetBody,
  ErrorBody,
  IdParams,
  OkResponse,
  Preset,
  PresetListResponse,
  UpdatePresetBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { PresetService } from './preset.service';

const tags = ['presets'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Presets ("assistants"): own ones to manage, and those shared with the caller to use. */
export const presetRoutes: FastifyPluginAsyncZod<{ presetService: PresetService }> = async (
  app,
  { presetService: service },
) => {
  app.get(
    '/api/presets',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Own presets and those shared with the caller (organisation or group)',
        response: { 200: PresetListResponse, 401: ErrorBody },
      },
    },
    async (request) => ({ presets: await service.list(currentUser(request).id) }),
  );

  app.post(
    '/api/presets',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create a preset: model, system prompt, parameters, collections and starter prompts',
        body: CreatePresetBody,
        response: { 201: Preset, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body, auditContext(request))),
  );

  app.patch(
    '/api/presets/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Edit an own preset',
        params: IdParams,
        body: UpdatePresetBody,
        response: { 200: Preset, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/api/presets/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Delete an own preset', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await service.delete(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );
};
