import type { MessageBranch } from '@hearth/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
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
  const lower = noun.toLowerCase();
  const go = (id: string | null) => {
    if (id) onSwitch(id);
  };
  return (
    <div
      role="group"
      aria-label={`${noun} ${branch.position} of ${branch.count}`}
      className="flex items-center text-xs text-muted-foreground"
      data-testid="branch-switcher"
    >
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        aria-label={`Previous ${lower}`}
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
        aria-label={`Next ${lower}`}
        disabled={disabled || !branch.next_id}
        onClick={() => go(branch.next_id)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
