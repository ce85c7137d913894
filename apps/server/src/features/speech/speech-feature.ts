import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { InstanceSettingsRepository } from '../admin-settings';
import type { AuditService } from '../audit';
import type { UsageMeter } from '../chat';
import { registerOpenAIErrorHandler } from '../openai-compat/openai-errors';
import { SpeechSettingsService } from './speech-settings.service';
import { speechOpenAIRoutes } from './speech-openai.routes';
import { speechRoutes } from './speech.routes';
import { SpeechService } from './speech.service';

/** A recording is transcribed within this; reading aloud starts within SPEECH_TIMEOUT_MS too. */
const TRANSCRIPTION_TIMEOUT_MS = 120_000;
const SPEECH_TIMEOUT_MS = 60_000;

export interface SpeechFeatureDeps {
  config: Config;
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  /** The admin's outbound policy for redirects away from the configured runtime. */
  redirectPolicy: () => Promise<SsrfPolicy>;
  /** Usage accounting: every transcription and read-aloud counts for its caller. */
  usage: { meter(userId: string): UsageMeter };
}

/** Voice (issue 20): the speech runtime settings and the calls to it (called from wiring/services.ts). */
export function buildSpeechFeature({ config, db, uow, audit, redirectPolicy, usage }: SpeechFeatureDeps) {
  const speechSettingsService = new SpeechSettingsService(
    new InstanceSettingsRepository(db.kysely),
    new SecretBox(config.SECRET, 'speech-runtime-api-key'),
    uow,
    audit,
  );
  const speechService = new SpeechService(
    speechSettingsService,
    {
      transcription: { redirectPolicy, timeoutMs: TRANSCRIPTION_TIMEOUT_MS },
      speech: { redirectPolicy, timeoutMs: SPEECH_TIMEOUT_MS },
    },
    (userId) => usage.meter(userId),
  );
  return { speechSettingsService, speechService };
}

export type SpeechFeature = ReturnType<typeof buildSpeechFeature>;

export async function registerSpeechRoutes(server: FastifyInstance, speech: SpeechFeature): Promise<void> {
  await server.register(speechRoutes, speech);
  // /v1 answers in OpenAI's error shape, like the rest of the OpenAI-compatible API.
  await server.register(async (scope) => {
    registerOpenAIErrorHandler(scope);
    await scope.register(speechOpenAIRoutes, { speechService: speech.speechService });
  });
}
