import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SPEECH_MAX_AUDIO_BYTES, type SpeechStatus } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { estimateTokens, type UsageMeter } from '../chat';
import { type AudioUpload, type SpeechNetwork, synthesize, transcribe } from './speech-client';
import type { SpeechSettingsService } from './speech-settings.service';

/** Containers Whisper-style runtimes read (OpenAI's list), by extension, for files sent without an audio type. */
const AUDIO_EXTENSIONS = new Set(['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'opus', 'wav', 'webm']);

export const notConfigured = (what: 'transcription' | 'speech') =>
  new AppError(
    'speech_not_configured',
    503,
    what === 'transcription'
      ? 'Speech recognition is not set up on this server: an administrator can configure a speech runtime.'
      : 'Read-aloud is not set up on this server: an administrator can configure a speech runtime.',
  );

export const audioTooLarge = (bytes: number) =>
  new AppError(
    'payload_too_large',
    413,
    `The recording (${(bytes / 1024 / 1024).toFixed(2)} MB) exceeds the maximum allowed size (${SPEECH_MAX_AUDIO_BYTES / 1024 / 1024} MB)`,
  );

function checkAudio(audio: AudioUpload & { size: number }): void {
  if (audio.size > SPEECH_MAX_AUDIO_BYTES) throw audioTooLarge(audio.size);
  if (audio.size === 0) throw AppError.badRequest('The recording is empty');
  const extension = audio.fileName.split('.').pop()?.toLowerCase() ?? '';
  const type = audio.mimeType.toLowerCase();
  if (!type.startsWith('audio/') && !type.startsWith('video/') && !AUDIO_EXTENSIONS.has(extension)) {
    throw new AppError('unsupported_file', 415, 'Send an audio recording (webm, ogg, wav, mp3, m4a, flac or mp4)');
  }
}

/**
 * Dictation and read-aloud through the configured speech runtime (issue 20). Each call is counted in the caller's
 * usage under the runtime's model: the text's estimated tokens (what was recognised, or what was read aloud).
 */
export class SpeechService {
  constructor(
    private readonly settings: SpeechSettingsService,
    private readonly network: { transcription: SpeechNetwork; speech: SpeechNetwork },
    /** The caller's usage: tokens counted as background use (no message), under the runtime's model name. */
    private readonly meterFor: (userId: string) => UsageMeter,
  ) {}

  async status(): Promise<SpeechStatus> {
    const runtimes = await this.settings.runtimes();
    return { transcription: runtimes.transcription !== null, speech: runtimes.speech !== null };
  }

  /** The recognised text of one recording. */
  async transcribe(
    audio: AudioUpload & { size: number },
    options: { language?: string; prompt?: string },
    userId: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const { transcription } = await this.settings.runtimes();
    if (!transcription) throw notConfigured('transcription');
    checkAudio(audio);
    const language = options.language && /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/.test(options.language);
    const text = await transcribe(
      transcription,
      audio,
      {
        language: language ? options.language?.split('-')[0]?.toLowerCase() : undefined,
        prompt: options.prompt?.slice(0, 1000),
      },
      this.network.transcription,
      signal,
    );
    await this.meterFor(userId).record({
      model: transcription.model,
      promptTokens: 0,
      completionTokens: estimateTokens(text),
      estimated: true,
      background: true,
    });
    return text;
  }

  /** `input` read aloud: the audio's type and its bytes as they arrive from the runtime. */
  async speak(input: string, userId: string, signal?: AbortSignal): Promise<{ type: string; stream: Readable }> {
    const { speech } = await this.settings.runtimes();
    if (!speech) throw notConfigured('speech');
    const response = await synthesize(speech, input, this.network.speech, signal);
    await this.meterFor(userId).record({
      model: speech.model,
      promptTokens: estimateTokens(input),
      completionTokens: 0,
      estimated: true,
      background: true,
    });
    const declared = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    // Only audio is served from our origin, whatever the runtime claims.
    const type = declared.startsWith('audio/') ? declared : 'application/octet-stream';
    if (!response.body) throw new AppError('upstream_error', 502, 'The speech runtime sent no audio');
    return { type, stream: Readable.fromWeb(response.body as WebReadableStream) };
  }
}
