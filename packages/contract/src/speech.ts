import { z } from 'zod';

/**
 * Voice (issue 20): dictation and read-aloud. The browser's own Web Speech API works with no server model; when
 * an admin configures a speech runtime (any OpenAI-compatible /v1/audio/transcriptions and /v1/audio/speech:
 * whisper.cpp server, Speaches, LocalAI, OpenAI), Hearth forwards audio to it, and serves
 * /v1/audio/transcriptions to API clients too. Off by default.
 */

/** The largest recording accepted for transcription (OpenAI's own limit). */
export const SPEECH_MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/** The longest text read aloud in one request (OpenAI's own limit). */
export const SPEECH_MAX_INPUT_CHARS = 4096;

/** The speech runtime settings as admins read them; the API key never leaves the server. */
export const SpeechSettings = z
  .object({
    /** Base URL of the transcription runtime (with or without /v1); null: no server transcription. */
    transcription_url: z.string().nullable(),
    transcription_model: z.string(),
    /** Base URL of the text-to-speech runtime (with or without /v1); null: no server speech. */
    speech_url: z.string().nullable(),
    speech_model: z.string(),
    speech_voice: z.string(),
    /** An API key is stored (sealed at rest; sent to the configured runtimes only). */
    api_key_configured: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'SpeechSettings' });
export type SpeechSettings = z.infer<typeof SpeechSettings>;

const OptionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).nullable();
const Name = z.string().trim().min(1).max(200);

/** Left out means unchanged; an empty or null URL switches that half off; an empty api_key keeps the stored one. */
export const SpeechSettingsBody = z
  .object({
    transcription_url: OptionalUrl,
    transcription_model: Name,
    speech_url: OptionalUrl,
    speech_model: Name,
    speech_voice: Name,
    api_key: z.string().trim().max(500),
    /** Forget the stored API key. */
    clear_api_key: z.boolean(),
  })
  .partial();
export type SpeechSettingsBody = z.infer<typeof SpeechSettingsBody>;

/** What the web needs to pick between the server runtime and the browser's own speech. */
export const SpeechStatus = z.object({ transcription: z.boolean(), speech: z.boolean() }).meta({ id: 'SpeechStatus' });
export type SpeechStatus = z.infer<typeof SpeechStatus>;

export const TranscriptionResult = z.object({ text: z.string() }).meta({ id: 'TranscriptionResult' });
export type TranscriptionResult = z.infer<typeof TranscriptionResult>;

export const SpeechRequest = z.object({
  input: z.string().trim().min(1).max(SPEECH_MAX_INPUT_CHARS),
});
export type SpeechRequest = z.infer<typeof SpeechRequest>;
