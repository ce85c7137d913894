import type { Conversation, RegenerateBody } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { compareEvents, pickAnswer, stopAnswer } from '../api/compare';
import { showNewestPage } from '../api/switch-branch';
import {
  clearComparison,
  getComparison,
  markStopping,
  runComparison,
  subscribeComparisons,
} from '../lib/compare-store';
import { seedEmptyConversation, upsertConversation } from '../lib/messages-cache';
import { DRAFT_KEY } from './use-chat-session';

interface CompareOptions {
  /** Everything each answering request carries (the model is replaced by each compared one). */
  answerOptions: () => RegenerateBody;
  /** A first message created the conversation: show it at its own address. */
  onCreated: (conversation: Conversation) => void;
  /** An answer was picked: the chat goes on with its model. */
  onPicked?: (model: string) => void;
}

/** Compare (issue 17) for one chat: send to several models, stop one, pick the answer to go on from. */
export function useCompare(conversationId: string | null, options: CompareOptions) {
  const { answerOptions, onCreated, onPicked } = options;
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const key = conversationId ?? DRAFT_KEY;
  const comparison = useSyncExternalStore(subscribeComparisons, () => getComparison(key));
  const running = comparison?.columns.some((column) => column.phase === 'streaming' || column.phase === 'stopping');

  const start = useCallback(
    (question: string, models: string[]) => {
      const { model: _model, provider_id: _provider, ...shared } = answerOptions();
      const body = {
        ...shared,
        content: question,
        conversation_id: conversationId ?? undefined,
        models: models.map((model) => ({ model })),
      };
      void runComparison(key, { conversationId, question, models }, () => compareEvents(body), {
        describe: errorMessage,
        onConversation: (conversation, isNew) => {
          upsertConversation(queryClient, conversation);
          if (!isNew) return;
          seedEmptyConversation(queryClient, conversation.id);
          onCreated(conversation);
        },
      });
    },
    [answerOptions, conversationId, key, onCreated, queryClient],
  );

  const stop = useCallback(
    (slot: number) => {
      const column = comparison?.columns[slot];
      if (!comparison?.conversationId || !column) return;
      markStopping(key, slot);
      stopAnswer(comparison.conversationId, column.model).catch((error: unknown) =>
        toast({ title: t('compare.stopFailed'), description: errorMessage(error), variant: 'destructive' }),
      );
    },
    [comparison, key, t],
  );

  const stopAll = useCallback(() => {
    comparison?.columns.forEach((column, slot) => {
      if (column.phase === 'streaming') stop(slot);
    });
  }, [comparison, stop]);

  /** Shows the chat's thread again (what the server shows now) and forgets the columns. */
  const close = useCallback(async () => {
    const id = comparison?.conversationId;
    if (id) await showNewestPage(queryClient, id).catch(() => undefined);
    clearComparison(key);
  }, [comparison, key, queryClient]);

  const pick = useCallback(
    async (slot: number) => {
      const message = comparison?.columns[slot]?.message;
      if (!comparison?.conversationId || !message) return;
      try {
        const picked = await pickAnswer(comparison.conversationId, message.id);
        await close();
        if (picked.model) onPicked?.(picked.model);
      } catch (error) {
        toast({ title: t('compare.pickFailed'), description: errorMessage(error), variant: 'destructive' });
      }
    },
    [close, comparison, onPicked, t],
  );

  return { comparison, running: running === true, start, stop, stopAll, pick, close };
}
