import type { ErrorCode } from '@hearth/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one application error: a stable code, an HTTP status, a user-facing message, optional details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, details?: unknown) {
    return new AppError('validation_error', 400, message, details);
  }
  static unauthorized(message = 'Authentication required') {
    return new AppError('unauthorized', 401, message);
  }
  static forbidden(message = "You don't have permission to do this.") {
    return new AppError('forbidden', 403, message);
  }
  static notFound(what = 'Resource') {
    return new AppError('not_found', 404, `${what} not found`);
  }
  static conflict(message: string, code: ErrorCode = 'conflict') {
    return new AppError(code, 409, message);
  }
  static rateLimited(retryAfterSeconds: number) {
    return new AppError('rate_limited', 429, 'Too many attempts. Please wait and try again.', {
      retry_after_seconds: retryAfterSeconds,
    });
  }
}

/** Maps everything thrown in a request to `{code, message, details}`; nothing internal leaks. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A quota refusal (issue 19) says when it resets the same way.
      if (error.code === 'rate_limited' || error.code === 'quota_exceeded') {
        const details = error.details as { retry_after_seconds: number };
        void reply.header('retry-after', String(details.retry_after_seconds));
      }
      return reply.status(error.status).send({ code: error.code, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      const first = issues[0];
      const message = first
        ? `Invalid ${error.validationContext ?? 'request'}: ${first.path || 'value'} ${first.message}`
        : 'Invalid request';
      return reply.status(400).send({ code: 'validation_error', message, details: { issues } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: 'payload_too_large', message: 'Request body is too large.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return reply.status(error.statusCode).send({
        code: 'validation_error',
        message: error.message,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: 'internal_error',
      message: `Something went wrong on the server. Reference: ${request.id}`,
      details: { request_id: request.id },
    });
  });
}
