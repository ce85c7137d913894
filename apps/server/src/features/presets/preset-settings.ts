import { ChatSettings } from '@hearth/contract';
import { z } from 'zod';

/** Stored JSON back to settings; anything unreadable counts as no settings rather than breaking a chat. */
export function readSettings(text: string | null): ChatSettings {
  if (!text) return {};
  try {
    const parsed = ChatSettings.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function readStarters(text: string): string[] {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Settings as stored: validated, with empty text and empty lists left out. */
export function writeSettings(settings: ChatSettings): string {
  const clean = ChatSettings.parse(settings);
  if (!clean.system_prompt?.trim()) delete clean.system_prompt;
  if (clean.collection_ids?.length === 0) delete clean.collection_ids;
  if (!clean.model) delete clean.provider_id;
  return JSON.stringify(clean);
}
