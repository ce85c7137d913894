import {
  CompareBody,
  ErrorBody,
  IdParams,
  MAX_LIVE_ANSWERS_PER_USER,
  PickAnswerBody,
  PickAnswerResponse,
  StopAnswerBody,
  StopResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { openEventStream } from '../../http/event-stream';
import { auditContext } from '../audit';
import type { CompareService } from './compare.service';

const tags = ['chat'];
const COMPARE_DESCRIPTION =
  'Sends one message and answers it with each of 2-3 models at once. Answers text/event-stream: ' +
  '`event: <type>` + `data: <CompareStreamEvent JSON>`: conversation, user_message, then `answer` events (each ' +
  "with its slot, model and one of that answer's own events: context, token…, done or error), interleaved. The " +
  'answers are sibling messages of the one user message; like every answer they go on when the connection ' +
  'closes (GET /api/conversations/{id}/live?model= follows one). 404 for a model the user may not use; 429 ' +
  `when the answers would take the user past ${MAX_LIVE_ANSWERS_PER_USER} being generated at once.`;

export const compareRoutes: FastifyPluginAsyncZod<{ compareService: CompareService }> = async (
  app,
  { compareService },
) => {
  const user = { config: { access: 'user' as const } };

  app.post(
    '/api/chat/compare',
    {
      ...user,
      schema: {
        tags,
        summary: 'Send a message to two or three models side by side (streamed; creates the conversation if needed)',
        description: COMPARE_DESCRIPTION,
        body: CompareBody,
        response: { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const run = await compareService.compare(currentUser(request).id, request.body, auditContext(request));
      const events = openEventStream(reply);
      void run.run((event) => events.send(event.type, event)).finally(() => events.end());
      return reply;
    },
  );

  app.post(
    '/api/conversations/:id/compare/pick',
    {
      ...user,
      schema: {
        tags,
        summary: "Continue from one answer of a comparison (it ends the shown path; its model becomes the chat's)",
        params: IdParams,
        body: PickAnswerBody,
        response: { 200: PickAnswerResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => compareService.pick(currentUser(request).id, request.params.id, request.body.message_id),
  );

  app.post(
    '/api/conversations/:id/compare/stop',
    {
      ...user,
      schema: {
        tags,
        summary: "Stop one model's answer in a conversation (the comparison's other answers go on)",
        params: IdParams,
        body: StopAnswerBody,
        response: { 200: StopResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      stopped: await compareService.stop(currentUser(request).id, request.params.id, request.body.model),
    }),
  );
};
