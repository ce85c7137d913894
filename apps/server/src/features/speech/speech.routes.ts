import {
  ErrorBody,
  SPEECH_MAX_AUDIO_BYTES,
  SpeechRequest,
  SpeechSettings,
  SpeechSettingsBody,
  SpeechStatus,
  TranscriptionResult,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { registerUploads } from '../../http/multipart';
import { auditContext } from '../audit';
import type { SpeechSettingsService } from './speech-settings.service';
import { audioTooLarge, type SpeechService } from './speech.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const audioErrors = { ...errors, 413: ErrorBody, 415: ErrorBody, 502: ErrorBody, 503: ErrorBody };

/** Aborts when the client hangs up before the answer is written (no point finishing the runtime's work). */
function clientGone(raw: { on(event: 'close', listener: () => void): unknown; writableFinished: boolean }) {
  const controller = new AbortController();
  raw.on('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Voice (issue 20): the speech runtime settings (super admins) and dictation / read-aloud for every user. */
export const speechRoutes: FastifyPluginAsyncZod<{
  speechService: SpeechService;
  speechSettingsService: SpeechSettingsService;
}> = async (app, { speechService, speechSettingsService: settings }) => {
  const uploads = await registerUploads(app, {
    maxFileBytes: SPEECH_MAX_AUDIO_BYTES,
    readCapBytes: SPEECH_MAX_AUDIO_BYTES + 1024 * 1024,
    tooLarge: audioTooLarge,
  });

  app.get(
    '/api/admin/settings/speech',
    {
      config: { access: 'super_admin' },
      schema: { tags: ['admin'], summary: 'Speech runtime settings', response: { 200: SpeechSettings, ...errors } },
    },
    async () => settings.get(),
  );

  app.put(
    '/api/admin/settings/speech',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Configure the speech runtime (OpenAI-compatible transcription and speech); left out is unchanged',
        body: SpeechSettingsBody,
        response: { 200: SpeechSettings, ...errors },
      },
    },
    async (request) => settings.save(request.body, auditContext(request)),
  );

  app.get(
    '/api/audio/status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['voice'],
        summary: 'Whether server transcription and speech are configured (else the browser speaks for itself)',
        response: { 200: SpeechStatus, 401: ErrorBody },
      },
    },
    async () => speechService.status(),
  );

  app.post(
    '/api/audio/transcriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['voice'],
        summary: 'Transcribe a recording (multipart field "file", 25 MB; optional "language" before it)',
        consumes: ['multipart/form-data'],
        response: { 200: TranscriptionResult, ...audioErrors },
      },
    },
    async (request, reply) => {
      const upload = await uploads.one(request);
      const text = await speechService.transcribe(
        upload,
        { language: upload.fields.language },
        currentUser(request).id,
        clientGone(reply.raw),
      );
      return { text };
    },
  );

  app.post(
    '/api/audio/speech',
    {
      config: { access: 'user' },
      schema: {
        tags: ['voice'],
        summary: 'Read a text aloud (at most 4096 characters)',
        description: "Answers the audio in the runtime's format (audio/mpeg, audio/wav, ...), or an error body.",
        body: SpeechRequest,
      },
    },
    async (request, reply) => {
      const audio = await speechService.speak(request.body.input, currentUser(request).id, clientGone(reply.raw));
      return reply.type(audio.type).header('cache-control', 'no-store').send(audio.stream);
    },
  );
};
