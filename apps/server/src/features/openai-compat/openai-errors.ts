import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { ModelCallError, errorCodeOf } from '../chat';

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'invalid_request_error',
  413: 'invalid_request_error',
  429: 'rate_limit_error',
};

export function openAIError(status: number, message: string, code: string | null, param: string | null = null) {
  return { error: { message, type: TYPE_BY_STATUS[status] ?? 'api_error', code, param } };
}

/** Errors under /v1 in OpenAI's shape {error: {message, type, code, param}}, so OpenAI clients understand them. */
export function registerOpenAIErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const param = error.code === 'model_not_found' ? 'model' : null;
      if (error.code === 'quota_exceeded') {
        // When the quota resets (issue 19), as OpenAI's own 429s say when to retry.
        void reply.header(
          'retry-after',
          String((error.details as { retry_after_seconds: number }).retry_after_seconds),
        );
      }
      return reply.status(error.status).send(openAIError(error.status, error.message, error.code, param));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const param = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || null;
      const message = `Invalid request: ${param ?? 'body'} ${first?.message ?? 'is invalid'}`;
      return reply.status(400).send(openAIError(400, message, 'validation_error', param));
    }
    if (error instanceof ModelCallError) {
      return reply.status(502).send(openAIError(502, `The model failed: ${error.message}`, errorCodeOf(error)));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(openAIError(error.statusCode, error.message, 'invalid_request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(openAIError(500, `Something went wrong on the server. Reference: ${request.id}`, 'internal_error'));
  });
}
