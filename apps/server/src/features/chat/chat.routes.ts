import {
  ChatBody,
  ChatResponse,
  EditMessageBody,
  ErrorBody,
  IdParams,
  type LiveAnswerEvent,
  LiveAnswerQuery,
  MAX_LIVE_ANSWERS_PER_USER,
  MessageParams,
  RegenerateBody,
  SendMessageBody,
  VisionAnalyzeBody,
  VisionAnalyzeResponse,
  VisionErrorBody,
} from '@hearth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import { AppError } from '../../http/errors';
import { openEventStream } from '../../http/event-stream';
import type { ChatRun } from './chat-runner';
import type { ChatService } from './chat.service';
import type { LiveAnswerService } from './live-answer.service';
import type { LegacyChatService } from './legacy-chat.service';

const tags = ['chat'];
const STREAM_DESCRIPTION =
  'Answers text/event-stream: `event: <type>` + `data: <ChatStreamEvent JSON>`. Order: conversation, ' +
  'user_message (send/edit), context, token…, then done or error. ' +
  'Closing the connection does not stop the answer: it goes on, is saved as it streams and finished in the same ' +
  'message, and GET /api/conversations/{id}/live re-attaches to it. Only POST /api/conversations/{id}/stop ' +
  '(what was produced is then saved with metadata.stopped) ends it early. 429 when the user already has ' +
  `${MAX_LIVE_ANSWERS_PER_USER} answers being generated.`;
const streamErrors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};
const LIVE_DESCRIPTION =
  'Re-attaches to the answer being generated in the conversation (another tab, a reload, another device). ' +
  'Answers text/event-stream: `event: <type>` + `data: <LiveAnswerEvent JSON>`: first snapshot (the text so ' +
  'far), then context?, token…, then done or error. 204 (no body) when no answer is being generated.';

/** Streams a run's events to the client that asked; when it goes away the run goes on (only Stop stops it). */
function stream(reply: FastifyReply, run: ChatRun): FastifyReply {
  const events = openEventStream(reply);
  void run.run((event) => events.send(event.type, event)).finally(() => events.end());
  return reply;
}

/** An AbortSignal that fires when the caller disconnects before the answer is sent. */
function disconnectSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export const chatRoutes: FastifyPluginAsyncZod<{
  chatService: ChatService;
  legacyChatService: LegacyChatService;
  liveAnswerService: LiveAnswerService;
}> = async (app, { chatService, legacyChatService, liveAnswerService }) => {
  const user = { config: { access: 'user' as const } };

  app.get(
    '/api/conversations/:id/live',
    {
      ...user,
      schema: {
        tags,
        summary: 'Follow the answer being generated in a conversation (streamed; 204 when none is)',
        description: LIVE_DESCRIPTION,
        params: IdParams,
        querystring: LiveAnswerQuery,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const follow = await liveAnswerService.follow(currentUser(request).id, id, request.query.model);
      if (!follow) return reply.status(204).send(null);
      const events = openEventStream(reply);
      const send = (event: LiveAnswerEvent) => events.send(event.type, event);
      void follow(send, events.signal).finally(() => events.end());
      return reply;
    },
  );

  app.post(
    '/api/chat/stream',
    {
      ...user,
      schema: {
        tags,
        summary: 'Send a message and stream the answer (creates the conversation on first send)',
        description: STREAM_DESCRIPTION,
        body: SendMessageBody,
        response: streamErrors,
      },
    },
    async (request, reply) =>
      stream(reply, await chatService.send(currentUser(request).id, request.body, auditContext(request))),
  );

  app.post(
    '/api/conversations/:id/regenerate',
    {
      ...user,
      schema: {
        tags,
        summary: 'Answer the last message again beside the previous answer, which is kept (streamed)',
        description: STREAM_DESCRIPTION,
        params: IdParams,
        body: RegenerateBody,
        response: streamErrors,
      },
    },
    async (request, reply) =>
      stream(reply, await chatService.regenerate(currentUser(request).id, request.params.id, request.body)),
  );

  app.post(
    '/api/conversations/:id/messages/:messageId/edit',
    {
      ...user,
      schema: {
        tags,
        summary: 'Send an edited version of a message as a new branch (the original is kept) and answer it (streamed)',
        description: STREAM_DESCRIPTION,
        params: MessageParams,
        body: EditMessageBody,
        response: streamErrors,
      },
    },
    async (request, reply) => {
      const { id, messageId } = request.params;
      return stream(reply, await chatService.edit(currentUser(request).id, id, messageId, request.body));
    },
  );

  app.post(
    '/api/chat',
    {
      ...user,
      schema: {
        tags,
        summary: 'Chat without streaming (spec §7): enhanced with conversation and document context',
        body: ChatBody,
        response: { 200: ChatResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 502: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) =>
      legacyChatService.chat(currentUser(request).id, request.body, disconnectSignal(request, reply)),
  );

  app.post(
    '/api/vision/analyze',
    {
      ...user,
      schema: {
        tags,
        summary: 'Describe an image with a vision model',
        body: VisionAnalyzeBody,
        response: {
          200: VisionAnalyzeResponse,
          400: ErrorBody,
          401: ErrorBody,
          502: VisionErrorBody,
          503: VisionErrorBody,
        },
      },
    },
    async (request, reply) => {
      try {
        return await legacyChatService.analyzeImage(
          currentUser(request).id,
          request.body,
          disconnectSignal(request, reply),
        );
      } catch (error) {
        // The spec's backend put the reason in `detail`; clients of that shape read it from there.
        if (!(error instanceof AppError) || error.status < 500) throw error;
        const detail = (error.details as { detail?: string } | undefined)?.detail;
        return reply
          .status(error.status === 502 ? 502 : 503)
          .send({ code: error.code, message: error.message, detail, details: error.details });
      }
    },
  );
};
