import {
  CollectionListResponse,
  CreateCollectionBody,
  DocumentListResponse,
  ErrorBody,
  IdParams,
  KnowledgeCollection,
  ListCollectionsQuery,
  OkResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { KnowledgeService } from './knowledge.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const collectionRoutes: FastifyPluginAsyncZod<{ knowledgeService: KnowledgeService }> = async (
  app,
  { knowledgeService },
) => {
  app.get(
    '/api/knowledge/collections',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary:
          'Own collections and those shared with the caller, newest activity first (?q filters by name or description)',
        querystring: ListCollectionsQuery,
        response: { 200: CollectionListResponse, 401: ErrorBody },
      },
    },
    async (request) => ({
      collections: await knowledgeService.listCollections(currentUser(request).id, request.query.q),
    }),
  );

  app.post(
    '/api/knowledge/collections',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Create a knowledge collection',
        body: CreateCollectionBody,
        response: { 201: KnowledgeCollection, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await knowledgeService.createCollection(currentUser(request).id, request.body, auditContext(request))),
  );

  app.get(
    '/api/knowledge/collections/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'One own collection or one shared with the caller',
        params: IdParams,
        response: { 200: KnowledgeCollection, ...errors },
      },
    },
    async (request) => knowledgeService.getCollection(currentUser(request).id, request.params.id),
  );

  app.delete(
    '/api/knowledge/collections/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Delete a collection with its documents, chunks, index entries and files',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await knowledgeService.deleteCollection(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/knowledge/collections/:id/documents',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Documents of an own or shared collection with their ingestion status',
        params: IdParams,
        response: { 200: DocumentListResponse, ...errors },
      },
    },
    async (request) => ({
      documents: await knowledgeService.listDocuments(currentUser(request).id, request.params.id),
    }),
  );
};
