/** The parts of an OpenAPI 3.1 document (as the server generates it from the zod contract) that the reference shows. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface MediaContent {
  schema?: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface RawOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaContent> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaContent> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface ApiResponse {
  status: string;
  mediaType?: string;
  schema?: JsonSchema;
}

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: OpenApiParameter[];
  body?: { mediaType: string; required: boolean; schema?: JsonSchema };
  responses: ApiResponse[];
  /** False for the public routes: those that never answer 401. */
  needsAuth: boolean;
}

export interface ApiTag {
  tag: string;
  operations: ApiOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Tag of an operation: its first tag, else the path's first segment after /api. */
const tagOf = (path: string, operation: RawOperation): string =>
  operation.tags?.[0] ??
  path
    .replace(/^\/api\//, '/')
    .split('/')
    .find(Boolean) ??
  'other';

const firstContent = (content: Record<string, MediaContent> | undefined) => {
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  return mediaType ? { mediaType, schema: media?.schema } : undefined;
};

export const operationAnchor = (method: string, path: string): string =>
  `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** Operations grouped by tag, tags in first-seen order, operations in document order. */
export function groupOperations(document: OpenApiDocument): ApiTag[] {
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const body = firstContent(operation.requestBody?.content);
      const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => ({
        status,
        ...firstContent(response.content),
      }));
      const tag = tagOf(path, operation);
      const list = groups.get(tag) ?? [];
      list.push({
        id: operationAnchor(method, path),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        parameters: operation.parameters ?? [],
        body: body ? { ...body, required: operation.requestBody?.required ?? false } : undefined,
        responses,
        needsAuth: responses.some((response) => response.status === '401'),
      });
      groups.set(tag, list);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** Operations whose method, path or summary contains the query. */
export function filterOperations(tags: ApiTag[], query: string): ApiTag[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return tags;
  return tags
    .map(({ tag, operations }) => ({
      tag,
      operations: operations.filter((operation) =>
        `${operation.method} ${operation.path} ${operation.summary}`.toLowerCase().includes(needle),
      ),
    }))
    .filter((group) => group.operations.length > 0);
}
