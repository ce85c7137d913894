import type { ChatTurn } from '../../models';

/** The question and answer are cut to this length before they go into the title request. */
const TEXT_CHARS = 1_500;

export const TITLE_MAX_TOKENS = 24;

/** Asks the model for a short title for a new conversation (issue 17: automatic title after the first answer). */
export function titleRequest(question: string, answer: string): ChatTurn[] {
  const cut = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS);
  return [
    {
      role: 'system',
      content:
        'You name conversations. Reply with a title of 2 to 6 words that says what the conversation is about, ' +
        'in the language of the question. Only the title: no quotes, no punctuation at the end, no preamble.',
    },
    { role: 'user', content: `Question: ${cut(question)}\n\nAnswer: ${cut(answer)}\n\nTitle:` },
  ];
}
