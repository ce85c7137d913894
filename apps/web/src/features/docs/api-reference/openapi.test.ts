import { describe, expect, it } from 'vitest';
import { filterOperations, groupOperations, type JsonSchema, type OpenApiDocument } from './openapi';
import { constraints, fieldsOf, typeLabel } from './schema-model';

const error = { $ref: '#/components/schemas/Error' };
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Hearth API', version: '1.0.0' },
  components: {
    schemas: {
      Error: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
        required: ['code', 'message'],
      },
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
  paths: {
    '/health': { get: { tags: ['system'], summary: 'Health', responses: { '200': {}, '503': {} } } },
    '/api/chat/stream': {
      post: {
        tags: ['chat'],
        summary: 'Send a message',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { content: { type: 'string' } } } } },
        },
        responses: { '400': { content: { 'application/json': { schema: error } } }, '401': {} },
      },
    },
    '/api/knowledge/collections/{id}': {
      parameters: [],
      get: { summary: 'One collection', responses: { '200': {}, '401': {} } },
    } as unknown as OpenApiDocument['paths'][string],
  },
};

describe('groupOperations', () => {
  const tags = groupOperations(document);

  it('groups by tag, falling back to the path prefix, in document order', () => {
    expect(tags.map((tag) => tag.tag)).toEqual(['system', 'chat', 'knowledge']);
    const chat = tags[1]?.operations[0];
    expect(chat).toMatchObject({ method: 'POST', path: '/api/chat/stream', summary: 'Send a message' });
    expect(chat?.body).toMatchObject({ mediaType: 'application/json', required: true });
    expect(chat?.responses.map((response) => response.status)).toEqual(['400', '401']);
    expect(chat?.id).toBe('op-post-api-chat-stream');
  });

  it('marks operations that never answer 401 as public', () => {
    expect(tags[0]?.operations[0]?.needsAuth).toBe(false);
    expect(tags[1]?.operations[0]?.needsAuth).toBe(true);
  });

  it('filters by method, path or summary', () => {
    expect(filterOperations(tags, 'post /api/chat').flatMap((tag) => tag.operations.map((op) => op.path))).toEqual([
      '/api/chat/stream',
    ]);
    expect(filterOperations(tags, 'collection')[0]?.tag).toBe('knowledge');
    expect(filterOperations(tags, 'nothing like this')).toEqual([]);
  });
});

describe('schema model', () => {
  const components = document.components?.schemas ?? {};

  it('labels types readably', () => {
    expect(typeLabel({ type: 'string' })).toBe('string');
    expect(typeLabel(error)).toBe('Error');
    expect(typeLabel({ type: 'array', items: error })).toBe('array of Error');
    expect(typeLabel({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toBe('integer | null');
    expect(typeLabel({})).toBe('any');
  });

  it('describes limits', () => {
    const schema: JsonSchema = { type: 'integer', minimum: 5, maximum: 50, default: 10 };
    expect(constraints(schema)).toEqual(['5-50', 'default: 10']);
    expect(constraints({ type: 'string', maxLength: 100, enum: ['a', 'b'] })).toEqual([
      'at most 100 characters',
      'one of: a, b',
    ]);
  });

  it('lists fields through $refs, arrays and nullables, and stops at cycles', () => {
    expect(fieldsOf(error, components, []).map((field) => [field.name, field.required])).toEqual([
      ['code', true],
      ['message', true],
      ['details', false],
    ]);
    expect(fieldsOf({ anyOf: [error, { type: 'null' }] }, components, []).length).toBe(3);
    const node = { $ref: '#/components/schemas/Node' };
    expect(fieldsOf(node, components, []).map((field) => field.name)).toEqual(['name', 'children']);
    expect(fieldsOf(node, components, ['#/components/schemas/Node'])).toEqual([]);
  });
});
