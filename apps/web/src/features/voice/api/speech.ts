import type { SpeechSettings, SpeechSettingsBody, TranscriptionResult } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api, apiPostForBlob } from '../../../lib/api-client';
import { refreshSpeechStatus } from '../lib/speech-status-store';

/** POST /api/audio/transcriptions: one recording → its text. */
export async function transcribeRecording(audio: Blob, language?: string): Promise<string> {
  const form = new FormData();
  if (language) form.append('language', language);
  const extension = audio.type.includes('ogg') ? 'ogg' : audio.type.includes('mp4') ? 'm4a' : 'webm';
  form.append('file', audio, `dictation.${extension}`);
  const result = await api.upload<TranscriptionResult>(apiPaths.voice.transcriptions, form);
  return result.text;
}

/** POST /api/audio/speech: the text read aloud by the server's runtime, as audio. */
export const fetchSpeech = (input: string, signal?: AbortSignal): Promise<Blob> =>
  apiPostForBlob(apiPaths.voice.speech, { input }, signal);

const settingsKey = ['settings', 'speech'] as const;

/** GET /api/admin/settings/speech (super admins). */
export const useSpeechSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<SpeechSettings>(apiPaths.voice.settings, signal),
  });

/** PUT /api/admin/settings/speech: left-out fields stay as they are. */
export function useSaveSpeechSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpeechSettingsBody) => api.put<SpeechSettings>(apiPaths.voice.settings, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      refreshSpeechStatus();
    },
  });
}
