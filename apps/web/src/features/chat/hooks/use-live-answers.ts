import { CHAT_GENERATION_EVENT, ChatGenerationEvent, type Message } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { apiPaths } from '../../../config/paths';
import { useServerEvent } from '../../../lib/server-events';
import { followLiveAnswer } from '../api/follow-live-answer';
import { messagesQueryOptions } from '../api/get-messages';
import { isComparing } from '../lib/compare-store';
import { markGenerating } from '../lib/messages-cache';
import { isBusy, runTurn, subscribeTurns, type TurnResult } from '../lib/stream-store';

/** Conversations this tab is asking about right now, so one is never followed twice. */
const attaching = new Set<string>();
/**
 * An answer that just started on another replica is found there only once its first text is saved: when told
 * it started but nothing is there yet, ask again a little later.
 */
const RETRY_MS = 1500;

/**
 * Re-attaches the open conversation to its answer being generated on the server (issue 17): on opening it (after
 * New Chat, another conversation, a reload, or on another device) and when another tab starts one. The text so far
 * shows at once and the rest follows live; `onFinish` writes the outcome like any other answer's.
 */
export function useLiveAnswer(conversationId: string | null, onFinish: (result: TurnResult) => Message[]): void {
  const attach = useCallback(
    async (retries = 0): Promise<void> => {
      // A comparison this tab is showing follows its own answers (compare-store).
      if (!conversationId || isBusy(conversationId) || isComparing(conversationId) || attaching.has(conversationId)) {
        return;
      }
      attaching.add(conversationId);
      const controller = new AbortController();
      try {
        const stream = await followLiveAnswer(conversationId, controller.signal).catch(() => null);
        // Nothing is being generated, or this tab started an answer here meanwhile.
        if (!stream || isBusy(conversationId)) {
          controller.abort();
          if (!stream && retries > 0) setTimeout(() => void attach(retries - 1), RETRY_MS);
          return;
        }
        const initial = { conversationId, pendingUser: null };
        void runTurn(conversationId, initial, () => stream, { onFinish }, controller);
      } finally {
        attaching.delete(conversationId);
      }
    },
    [conversationId, onFinish],
  );

  useEffect(() => {
    void attach();
  }, [attach]);

  useServerEvent(
    apiPaths.events,
    CHAT_GENERATION_EVENT,
    (data) => {
      const parsed = ChatGenerationEvent.safeParse(data);
      if (parsed.success && parsed.data.generating && parsed.data.conversation_id === conversationId) void attach(2);
    },
    conversationId !== null,
  );
}

/**
 * Keeps the sidebar's live indicators current from GET /api/events: an answer started or ended in one of the
 * user's conversations (in any tab or device). An answer that ended while nobody here followed it is re-read.
 */
export function useGenerationEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useServerEvent(
    apiPaths.events,
    CHAT_GENERATION_EVENT,
    (data) => {
      const parsed = ChatGenerationEvent.safeParse(data);
      if (!parsed.success) return;
      const { conversation_id: id, generating } = parsed.data;
      markGenerating(queryClient, id, generating);
      if (!generating && !isBusy(id)) {
        void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(id).queryKey });
      }
    },
    enabled,
  );
}

/** True while an answer is being generated in the conversation: the list says so, or this tab is streaming it. */
export function useGenerating(conversation: { id: string; generating?: boolean }): boolean {
  const streamingHere = useSyncExternalStore(subscribeTurns, () => isBusy(conversation.id));
  return streamingHere || conversation.generating === true;
}
