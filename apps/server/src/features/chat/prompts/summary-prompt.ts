import type { ChatTurn } from '../../models';

/** Each older message is cut to this length before it goes into the summary request. */
const MESSAGE_CHARS = 500;

export const SUMMARY_MAX_TOKENS = 300;

/** Asks the model to summarise the older part of a conversation (spec §3: summary when over 20 messages). */
export function summaryRequest(
  messages: { type: 'user' | 'assistant'; content: string }[],
  maxChars: number,
): ChatTurn[] {
  const lines: string[] = [];
  let used = 0;
  // Newest first, so that when the budget runs out it is the oldest lines that go.
  for (const message of [...messages].reverse()) {
    const line = `${message.type === 'user' ? 'User' : 'Assistant'}: ${message.content.replace(/\s+/g, ' ').slice(0, MESSAGE_CHARS)}`;
    if (used + line.length > maxChars) break;
    lines.unshift(line);
    used += line.length + 1;
  }
  return [
    {
      role: 'system',
      content:
        'You summarise conversations. Write a short factual summary (at most 120 words) of the conversation ' +
        'below: the topics, the facts and decisions established, and open questions. No preamble.',
    },
    { role: 'user', content: `Conversation:\n${lines.join('\n')}\n\nSummary:` },
  ];
}
