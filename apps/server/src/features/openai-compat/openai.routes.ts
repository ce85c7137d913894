import { OpenAIChatCompletion, OpenAIChatCompletionRequest, OpenAIErrorBody, OpenAIModelList } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { openEventStream } from '../../http/event-stream';
import { ModelCallError, errorCodeOf } from '../chat';
import { openAIError, registerOpenAIErrorHandler } from './openai-errors';
import type { OpenAICompatService } from './openai.service';

const tags = ['openai-compatible'];
const errors = { 400: OpenAIErrorBody, 401: OpenAIErrorBody, 404: OpenAIErrorBody, 502: OpenAIErrorBody };

/** OpenAI-compatible API: any OpenAI client can use Hearth's models with a personal API token. */
export const openAIRoutes: FastifyPluginAsyncZod<{ openAIService: OpenAICompatService }> = async (
  app,
  { openAIService: service },
) => {
  registerOpenAIErrorHandler(app);

  app.get(
    '/v1/models',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Models (OpenAI format)', response: { 200: OpenAIModelList, 401: OpenAIErrorBody } },
    },
    async (request) => service.listModels(currentUser(request).id),
  );

  app.post(
    '/v1/chat/completions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Chat completion (OpenAI format); stream: true answers server-sent events ending in [DONE]',
        body: OpenAIChatCompletionRequest,
        response: { 200: OpenAIChatCompletion, ...errors },
      },
    },
    async (request, reply) => {
      const prepared = await service.prepare(currentUser(request).id, request.body);
      const controller = new AbortController();
      if (!request.body.stream) {
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        return service.complete(prepared, controller.signal);
      }
      const events = openEventStream(reply);
      events.signal.addEventListener('abort', () => controller.abort(), { once: true });
      const includeUsage = request.body.stream_options?.include_usage === true;
      service
        .stream(prepared, controller.signal, includeUsage, (chunk) => events.send(null, chunk))
        .then(
          () => events.sendData('[DONE]'),
          (error: unknown) => {
            // Mid-stream failures go out as an error event, which OpenAI clients raise as an APIError.
            if (!(error instanceof ModelCallError)) request.log.error({ err: error }, 'completion stream failed');
            const message = error instanceof Error ? error.message : 'The model failed';
            events.send(null, openAIError(502, message, errorCodeOf(error)));
          },
        )
        .finally(() => events.end());
      return reply;
    },
  );
};
