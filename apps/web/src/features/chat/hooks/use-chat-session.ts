import type { Attachment, Conversation, RegenerateBody } from '@hearth/contract';
import { CHAT_FILES_ONLY_TEXT } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { isApiError, translateApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { editMessage } from '../api/edit-message';
import { messagesQueryOptions, useMessages } from '../api/get-messages';
import { regenerateAnswer } from '../api/regenerate-answer';
import { sendMessage } from '../api/send-message';
import { showNewestPage } from '../api/switch-branch';
import { stopGeneration } from '../api/stop-generation';
import type { ChatStream } from '../lib/chat-events';
import { finishTurn } from '../lib/finish-turn';
import { seedEmptyConversation, upsertConversation } from '../lib/messages-cache';
import { clearTurn, getTurn, isBusy, runTurn, stopTurn, subscribeTurns, type TurnResult } from '../lib/stream-store';
import { buildThread, replacedBy } from '../lib/thread';
import { useLiveAnswer } from './use-live-answers';

/** The key of the not-yet-created conversation on the home screen. */
export const DRAFT_KEY = 'draft';

/** A failed request's reason as the thread's error message: the server's words, else the spec's generic reply. */
const describe = (error: unknown): string =>
  isApiError(error) && error.code !== 'internal_error' && error.code !== 'http_error'
    ? translateApiError(error)
    : i18n.t('chat:failedReply');

interface SessionOptions {
  /** Model, temperature, preferences: everything each answering request carries. */
  answerOptions: () => RegenerateBody;
  /** A first send created the conversation: show it at its own address. */
  onCreated: (conversation: Conversation) => void;
  /** A first send failed before the conversation existed: give the text back. */
  onDraftFailed: (content: string) => void;
}

export function useChatSession(conversationId: string | null, options: SessionOptions) {
  const { answerOptions, onCreated, onDraftFailed } = options;
  const queryClient = useQueryClient();
  const key = conversationId ?? DRAFT_KEY;
  const turn = useSyncExternalStore(subscribeTurns, () => getTurn(key));
  const messages = useMessages(conversationId);
  const saved = useMemo(() => messages.data?.pages.flatMap((page) => page.messages) ?? [], [messages.data]);
  const items = useMemo(() => buildThread(saved, turn), [saved, turn]);
  const busy = turn !== undefined && turn.phase !== 'finished';

  // Re-attached to an answer generated on the server: a cut-off follow shows the server's copy, never "Stopped".
  const finishLive = useCallback(
    (result: TurnResult) => {
      if (result.final || result.error) return finishTurn(queryClient, result, describe);
      const id = result.turn.conversationId;
      if (id) void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(id).queryKey });
      return [];
    },
    [queryClient],
  );
  useLiveAnswer(conversationId, finishLive);

  const run = useCallback(
    (
      start: (signal: AbortSignal) => ChatStream,
      pendingUser: { content: string; attachments: Attachment[] } | null,
      replaced: string[] = [],
    ) => {
      if (isBusy(key)) return;
      const onFinish = (result: TurnResult) => {
        const { turn: finished, interrupted } = result;
        if (!finished.conversationId && interrupted && !interrupted.aborted) onDraftFailed(pendingUser?.content ?? '');
        const written = finishTurn(queryClient, result, describe);
        // A new branch: read the thread again for the "‹ 2/2 ›" of the new version.
        if (finished.conversationId && result.turn.removedIds.length > 0) {
          void showNewestPage(queryClient, finished.conversationId).catch(() => undefined);
        }
        return written;
      };
      void runTurn(key, { conversationId, pendingUser, removedIds: replaced }, start, {
        onConversation: (conversation, isNew) => {
          upsertConversation(queryClient, conversation);
          if (!isNew) return;
          seedEmptyConversation(queryClient, conversation.id);
          onCreated(conversation);
        },
        onFinish,
      });
    },
    [conversationId, key, onCreated, onDraftFailed, queryClient],
  );

  const send = useCallback(
    (text: string, attachments: Attachment[]) => {
      const content = text.trim() ? text : CHAT_FILES_ONLY_TEXT;
      const body = {
        ...answerOptions(),
        content,
        conversation_id: conversationId ?? undefined,
        attachment_ids: attachments.length > 0 ? attachments.map((attachment) => attachment.id) : undefined,
      };
      run((signal) => sendMessage(body, signal), { content, attachments });
    },
    [answerOptions, conversationId, run],
  );

  const regenerate = useCallback(() => {
    if (!conversationId) return;
    const body = answerOptions();
    run((signal) => regenerateAnswer(conversationId, body, signal), null, replacedBy(saved, null));
  }, [answerOptions, conversationId, run, saved]);

  const edit = useCallback(
    (messageId: string, content: string) => {
      if (!conversationId) return;
      const body = { ...answerOptions(), content };
      run((signal) => editMessage(conversationId, messageId, body, signal), null, replacedBy(saved, messageId));
    },
    [answerOptions, conversationId, run, saved],
  );

  const stop = useCallback(() => stopTurn(key, stopGeneration), [key]);
  const dismissDraft = useCallback(() => clearTurn(DRAFT_KEY), []);

  return { items, busy, stopping: turn?.phase === 'stopping', send, regenerate, edit, stop, dismissDraft, messages };
}
