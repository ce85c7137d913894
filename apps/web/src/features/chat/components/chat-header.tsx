import type { UserPreferences } from '@hearth/contract';
import type { ReactNode } from 'react';
import { ClearHistoryButton } from './clear-history-button';
import { PreferencesDialog } from './preferences-dialog';

interface ChatHeaderProps {
  modelHeader: ReactNode;
  preferences: UserPreferences;
  onPreferencesChange: (patch: Partial<UserPreferences>, confirmation: string) => void;
  /** More controls before the browser-wide preferences (the chat's own settings). */
  extra?: ReactNode;
}

export function ChatHeader({ modelHeader, preferences, onPreferencesChange, extra }: ChatHeaderProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2">
      <div className="min-w-0 flex-1">{modelHeader}</div>
      {extra}
      <PreferencesDialog preferences={preferences} onChange={onPreferencesChange} />
      <ClearHistoryButton />
    </div>
  );
}
