import type { SpeechSettings, SpeechSettingsBody } from '@hearth/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { parseOutboundUrl } from '../../http/ssrf-guard';
import { nowIso } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';

const SETTINGS_KEY = 'speech_settings';

/** What is stored: the settings with the API key sealed (lib/secret-box.ts). */
const Stored = z.object({
  transcription_url: z.string().nullable(),
  transcription_model: z.string(),
  speech_url: z.string().nullable(),
  speech_model: z.string(),
  speech_voice: z.string(),
  api_key_sealed: z.string().nullable(),
  updated_at: z.string().nullable(),
});
type Stored = z.infer<typeof Stored>;

/** Off by default: no runtime, OpenAI's model and voice names (whisper.cpp and Speaches accept any). */
const DEFAULTS: Stored = {
  transcription_url: null,
  transcription_model: 'whisper-1',
  speech_url: null,
  speech_model: 'tts-1',
  speech_voice: 'alloy',
  api_key_sealed: null,
  updated_at: null,
};

/** One configured endpoint, ready to call. */
export interface SpeechEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

export interface SpeechRuntimes {
  transcription: SpeechEndpoint | null;
  speech: (SpeechEndpoint & { voice: string }) | null;
}

function checkedUrl(raw: string | null | undefined, what: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    return parseOutboundUrl(value).toString();
  } catch (error) {
    throw AppError.badRequest(`The ${what} is not valid: ${(error as Error).message}`, { field: what });
  }
}

const originOf = (url: string | null) => (url ? new URL(url).origin : null);

/**
 * The speech runtime settings, instance-wide (super admins): read on each use (a primary-key read), so every
 * replica follows a change at once. The API key is sealed at rest and never leaves the server.
 */
export class SpeechSettingsService {
  constructor(
    private readonly store: InstanceSettingsRepository,
    private readonly secrets: SecretBox,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  private async stored(): Promise<Stored> {
    const parsed = Stored.partial().safeParse(await this.store.getJson(SETTINGS_KEY));
    return parsed.success ? { ...DEFAULTS, ...parsed.data } : DEFAULTS;
  }

  /** The key, or null when none is stored or it cannot be opened (SECRET changed since): save it again. */
  private openKey(stored: Stored): string | null {
    if (!stored.api_key_sealed) return null;
    try {
      return this.secrets.open(stored.api_key_sealed);
    } catch {
      return null;
    }
  }

  async get(): Promise<SpeechSettings> {
    const stored = await this.stored();
    const { api_key_sealed: _sealed, ...settings } = stored;
    return { ...settings, api_key_configured: this.openKey(stored) !== null };
  }

  async save(body: SpeechSettingsBody, context: AuditContext): Promise<SpeechSettings> {
    const previous = await this.stored();
    const next: Stored = {
      transcription_url:
        body.transcription_url === undefined
          ? previous.transcription_url
          : checkedUrl(body.transcription_url, 'transcription_url'),
      transcription_model: body.transcription_model ?? previous.transcription_model,
      speech_url: body.speech_url === undefined ? previous.speech_url : checkedUrl(body.speech_url, 'speech_url'),
      speech_model: body.speech_model ?? previous.speech_model,
      speech_voice: body.speech_voice ?? previous.speech_voice,
      api_key_sealed: previous.api_key_sealed,
      updated_at: nowIso(),
    };
    const newKey = body.api_key?.trim();
    if (newKey && /\s/.test(newKey)) throw AppError.badRequest('The API key must not contain spaces or line breaks');
    if (body.clear_api_key) next.api_key_sealed = null;
    if (newKey) next.api_key_sealed = this.secrets.seal(newKey);
    // The stored key goes only where it was entered for: a runtime at another address needs the key typed
    // again, so nobody can send the saved key to a server of their choosing without knowing it.
    if (!newKey && next.api_key_sealed) {
      const allowed = new Set([originOf(previous.transcription_url), originOf(previous.speech_url)]);
      const moved = [next.transcription_url, next.speech_url].some((url) => url && !allowed.has(originOf(url)));
      if (moved)
        throw AppError.badRequest('Enter the API key again when changing the runtime address', { field: 'api_key' });
    }
    await this.uow.run(async (tx) => {
      await this.store.setJson(SETTINGS_KEY, next, tx);
      const { api_key_sealed: _sealed, ...details } = next;
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: 'speech_settings',
          resourceId: 'default',
          details: { ...details, api_key_changed: Boolean(newKey) || Boolean(body.clear_api_key) },
        },
        context,
      );
    });
    return this.get();
  }

  /** The configured endpoints with the key opened; null halves are not configured. */
  async runtimes(): Promise<SpeechRuntimes> {
    const stored = await this.stored();
    const apiKey = this.openKey(stored);
    return {
      transcription: stored.transcription_url
        ? { baseUrl: stored.transcription_url, model: stored.transcription_model, apiKey }
        : null,
      speech: stored.speech_url
        ? { baseUrl: stored.speech_url, model: stored.speech_model, voice: stored.speech_voice, apiKey }
        : null,
    };
  }
}
