import { SPEECH_MAX_AUDIO_BYTES } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { registerUploads } from '../../http/multipart';
import { audioTooLarge, type SpeechService } from './speech.service';

const FORMATS = new Set(['json', 'text', 'verbose_json']);

/**
 * POST /v1/audio/transcriptions for API clients (issue 20): OpenAI's request (multipart: file, model, language,
 * prompt, response_format) and answer, through the configured speech runtime. The `model` field is accepted
 * and ignored: the admin chose the runtime's model. Errors leave in OpenAI's shape (the caller registers it).
 */
export const speechOpenAIRoutes: FastifyPluginAsyncZod<{ speechService: SpeechService }> = async (
  app,
  { speechService },
) => {
  const uploads = await registerUploads(app, {
    maxFileBytes: SPEECH_MAX_AUDIO_BYTES,
    readCapBytes: SPEECH_MAX_AUDIO_BYTES + 1024 * 1024,
    tooLarge: audioTooLarge,
  });

  app.post(
    '/v1/audio/transcriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['openai-compatible'],
        summary:
          'Transcription (OpenAI format): multipart "file" (25 MB) with model, language, prompt, response_format',
        consumes: ['multipart/form-data'],
        description:
          'Answers {"text": "..."} (json, verbose_json) or plain text (text); errors in OpenAI\'s shape ' +
          '{error: {message, type, code, param}}: 413 over 25 MB, 503 speech_not_configured without a runtime.',
      },
    },
    async (request, reply) => {
      const upload = await uploads.one(request);
      const format = upload.fields.response_format ?? 'json';
      if (!FORMATS.has(format)) {
        throw AppError.badRequest('response_format must be json, text or verbose_json', { param: 'response_format' });
      }
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const text = await speechService.transcribe(
        upload,
        { language: upload.fields.language, prompt: upload.fields.prompt },
        currentUser(request).id,
        controller.signal,
      );
      if (format === 'text') return reply.type('text/plain; charset=utf-8').send(text);
      return { text };
    },
  );
};
