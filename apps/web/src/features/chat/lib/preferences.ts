import { UserPreferences } from '@hearth/contract';
import { readStored, writeStored } from '../../../lib/local-storage';

/** Spec §3 "Local user preferences": browser storage, sent with each message. */
export const PREFERENCES_KEY = 'userPreferences';

export const DEFAULT_PREFERENCES: UserPreferences = UserPreferences.parse({});

export const readPreferences = (): UserPreferences => readStored(PREFERENCES_KEY, UserPreferences, DEFAULT_PREFERENCES);

export const writePreferences = (preferences: UserPreferences): void => writeStored(PREFERENCES_KEY, preferences);

export const RESPONSE_STYLES: { value: UserPreferences['preferredResponseStyle']; label: string; hint: string }[] = [
  { value: 'conversational', label: 'Conversational', hint: 'Friendly and easy to follow' },
  { value: 'formal', label: 'Formal', hint: 'Professional tone' },
  { value: 'technical', label: 'Technical', hint: 'Precise, with details and terms' },
];
