import type { MessageBranch } from '@hearth/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface BranchSwitcherProps {
  branch: MessageBranch;
  /** Answers are regenerations ("Answer 2 of 3"); the user's messages are edited versions. */
  noun: 'Answer' | 'Version';
  disabled: boolean;
  onSwitch: (messageId: string) => void;
}

/** "‹ 2/3 ›": moves between the versions of a message (edits or regenerations), each with what followed it. */
export function BranchSwitcher({ branch, noun, disabled, onSwitch }: BranchSwitcherProps) {
  const { t } = useTranslation('chat');
  const labels =
    noun === 'Answer'
      ? {
          group: t('branch.answerPosition', { position: branch.position, count: branch.count }),
          previous: t('branch.previousAnswer'),
          next: t('branch.nextAnswer'),
        }
      : {
          group: t('branch.versionPosition', { position: branch.position, count: branch.count }),
          previous: t('branch.previousVersion'),
          next: t('branch.nextVersion'),
        };
  const go = (id: string | null) => {
    if (id) onSwitch(id);
  };
  return (
    <div
      role="group"
      aria-label={labels.group}
      className="flex items-center text-xs text-muted-foreground"
      data-testid="branch-switcher"
    >
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        aria-label={labels.previous}
        disabled={disabled || !branch.previous_id}
        onClick={() => go(branch.previous_id)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <span className="tabular-nums" aria-hidden>
        {branch.position}/{branch.count}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        aria-label={labels.next}
        disabled={disabled || !branch.next_id}
        onClick={() => go(branch.next_id)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
