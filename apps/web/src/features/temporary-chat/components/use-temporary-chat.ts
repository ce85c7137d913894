import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { streamTemporaryChat } from '../api/stream-temporary';

export interface TemporaryMessage {
  role: 'user' | 'assistant';
  content: string;
  /** An answer that failed or was stopped says so under it. */
  note?: string;
}

/** The temporary chat's state: kept in memory only, gone when the screen is left. */
export function useTemporaryChat(model: string | null) {
  const { t } = useTranslation('temporaryChat');
  const [messages, setMessages] = useState<TemporaryMessage[]>([]);
  const [draft, setDraft] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (text: string) => {
      if (!model || controller.current) return;
      const history: TemporaryMessage[] = [...messages, { role: 'user', content: text }];
      setMessages(history);
      setDraft('');
      const abort = new AbortController();
      controller.current = abort;
      let answer = '';
      let note: string | undefined;
      try {
        const body = { model, messages: history.map(({ role, content }) => ({ role, content })) };
        for await (const event of streamTemporaryChat(body, abort.signal)) {
          if (event.type === 'token') {
            answer += event.text;
            setDraft(answer);
          } else if (event.type === 'done') {
            answer = event.content;
            if (event.stopped) note = t('stopped');
          } else {
            note = event.message;
          }
        }
      } catch (error) {
        note = abort.signal.aborted ? t('stopped') : error instanceof Error ? error.message : t('failed');
      } finally {
        controller.current = null;
        setDraft(null);
        setMessages((current) => [...current, { role: 'assistant', content: answer, ...(note ? { note } : {}) }]);
      }
    },
    [model, messages, t],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  return { messages, draft, busy: draft !== null, send, stop };
}
