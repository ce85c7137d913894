import { UserPreferences } from '@hearth/contract';
import { readStored, writeStored } from '../../../lib/local-storage';

/** Spec §3 "Local user preferences": browser storage, sent with each message. */
export const PREFERENCES_KEY = 'userPreferences';

export const DEFAULT_PREFERENCES: UserPreferences = UserPreferences.parse({});

export const readPreferences = (): UserPreferences => readStored(PREFERENCES_KEY, UserPreferences, DEFAULT_PREFERENCES);

export const writePreferences = (preferences: UserPreferences): void => writeStored(PREFERENCES_KEY, preferences);

/** The response styles, in the order offered (their words are in the chat namespace, preferences.*). */
export const RESPONSE_STYLES = [
  'conversational',
  'formal',
  'technical',
] as const satisfies readonly UserPreferences['preferredResponseStyle'][];
