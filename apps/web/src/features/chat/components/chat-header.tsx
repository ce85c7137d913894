import type { UserPreferences } from '@hearth/contract';
import type { ReactNode } from 'react';
import { ClearHistoryButton } from './clear-history-button';
import { PreferencesDialog } from './preferences-dialog';

interface ChatHeaderProps {
  modelHeader: ReactNode;
  preferences: UserPreferences;
  onPreferencesChange: (patch: Partial<UserPreferences>, confirmation: string) => void;
}

export function ChatHeader({ modelHeader, preferences, onPreferencesChange }: ChatHeaderProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2">
      <div className="min-w-0 flex-1">{modelHeader}</div>
      <PreferencesDialog preferences={preferences} onChange={onPreferencesChange} />
      <ClearHistoryButton />
    </div>
  );
}
