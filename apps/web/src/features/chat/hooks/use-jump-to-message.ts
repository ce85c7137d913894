import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSwitchBranch } from '../api/switch-branch';
import type { ThreadItem } from '../lib/thread';

interface MessagePages {
  isPending: boolean;
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchPreviousPage: () => Promise<unknown>;
}

/**
 * A search result opens the chat at `?message=<id>`: older pages are loaded until that message is in the thread;
 * if the whole shown path does not hold it, it is on another branch, so that branch is shown (once) and the
 * search goes on there. Returns the message to scroll to and highlight once it is loaded.
 */
export function useJumpToMessage(
  conversationId: string | null,
  items: readonly ThreadItem[],
  messages: MessagePages,
): string | null {
  const [params] = useSearchParams();
  const target = conversationId ? params.get('message') : null;
  const { mutate: switchBranch, isPending: switching } = useSwitchBranch(conversationId);
  const switched = useRef<string | null>(null);
  const found = target !== null && items.some((item) => item.kind === 'message' && item.message.id === target);
  const { isPending, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = messages;

  useEffect(() => {
    if (!target || found || isPending || isFetchingPreviousPage || switching) return;
    if (hasPreviousPage) {
      void fetchPreviousPage();
      return;
    }
    if (switched.current === target) return;
    switched.current = target;
    switchBranch(target);
  }, [target, found, isPending, isFetchingPreviousPage, switching, hasPreviousPage, fetchPreviousPage, switchBranch]);

  return found ? target : null;
}
