import { ErrorBody, TemporaryChatBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { openEventStream } from '../../http/event-stream';
import type { TemporaryChatService } from './temporary-chat.service';

export const temporaryChatRoutes: FastifyPluginAsyncZod<{ temporaryChatService: TemporaryChatService }> = async (
  app,
  { temporaryChatService },
) => {
  app.post(
    '/api/chat/temporary',
    {
      config: { access: 'user' },
      schema: {
        tags: ['chat'],
        summary: 'Temporary chat: stream an answer to the history sent; nothing is saved',
        description:
          'Answers text/event-stream: `event: <type>` + `data: <TemporaryChatEvent JSON>` (token…, then done or ' +
          'error). Closing the connection stops the answer. No conversation, message or audit entry is written.',
        body: TemporaryChatBody,
        response: { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const run = await temporaryChatService.start(currentUser(request).id, request.body);
      const events = openEventStream(reply);
      void run.run((event) => events.send(event.type, event), events.signal).finally(() => events.end());
      return reply;
    },
  );
};
