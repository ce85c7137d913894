import {
  ChatBody,
  ChatResponse,
  EditMessageBody,
  ErrorBody,
  IdParams,
  MessageParams,
  RegenerateBody,
  SendMessageBody,
  VisionAnalyzeBody,
  VisionAnalyzeResponse,
  VisionErrorBody,
} from '@hearth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import { AppError } from '../../http/errors';
import { openEventStream } from '../../http/event-stream';
import type { ChatRun } from './chat-runner';
import type { ChatService } from './chat.service';
import type { LegacyChatService } from './legacy-chat.service';

const tags = ['chat'];
const STREAM_DESCRIPTION =
  'Answers text/event-stream: `event: <type>` + `data: <ChatStreamEvent JSON>`. Order: conversation, ' +
  'messages_removed (regenerate/edit), user_message (send/edit), context, token…, then done or error. ' +
  'Closing the connection stops the answer; what was produced is saved with metadata.stopped.';
const streamErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** Streams a run's events; the client going away is a Stop. */
function stream(reply: FastifyReply, run: ChatRun): FastifyReply {
  const events = openEventStream(reply);
  events.signal.addEventListener('abort', () => run.stop(), { once: true });
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
}> = async (app, { chatService, legacyChatService }) => {
  const user = { config: { access: 'user' as const } };

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
        summary: 'Answer the last message again, replacing the last answer (streamed)',
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
        summary: 'Edit a message, drop the messages after it, and answer again (streamed)',
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
