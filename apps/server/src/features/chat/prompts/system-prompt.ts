import type { UsedDocument, UserPreferences } from '@hearth/contract';

/** Spec §9: each document is summarised in at most 150 characters in the prompt. */
const DOCUMENT_SUMMARY_CHARS = 150;

const STYLE: Record<UserPreferences['preferredResponseStyle'], string> = {
  conversational: 'Answer in a friendly, conversational tone, in plain language.',
  formal: 'Answer in a formal, professional tone, with complete sentences and no slang.',
  technical: 'Answer precisely and technically; use exact terms, and show details, steps or code where they help.',
};

const LEGAL_DISCLAIMER =
  'When an answer touches on legal, medical or financial matters, end it with a short note that it is ' +
  'general information, not professional advice, and that a qualified professional should be consulted.';

export interface SystemPromptInput {
  preferences: UserPreferences;
  /** The model-written summary of the older part of the conversation, when there is one. */
  conversationSummary: string | null;
  topic: string | null;
  documents: UsedDocument[];
}

/** The system prompt of the enhanced chat path (spec §7): who the assistant is, how to answer, what it knows. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const parts = [
    'You are Hearth, a private AI assistant running on the user’s own hardware. Help with documents, research, ' +
      'analysis and writing. Be accurate; if you do not know something, say so instead of guessing.',
    STYLE[input.preferences.preferredResponseStyle],
  ];
  if (input.preferences.includeLegalDisclaimers) parts.push(LEGAL_DISCLAIMER);
  if (input.topic) parts.push(`The conversation is titled: "${input.topic}".`);
  if (input.conversationSummary) {
    parts.push(`Summary of the earlier part of this conversation:\n${input.conversationSummary}`);
  }
  if (input.documents.length > 0) {
    const list = input.documents
      .map((doc, index) => {
        const summary = doc.snippet.replace(/\s+/g, ' ').trim().slice(0, DOCUMENT_SUMMARY_CHARS);
        return `[${index + 1}] ${doc.fileName} (collection: ${doc.collectionName}): ${summary}`;
      })
      .join('\n');
    parts.push(
      `Relevant documents from the user's knowledge base:\n${list}\n` +
        'Use them when they help and name the document you rely on. Do not invent sources.',
    );
  }
  return parts.join('\n\n');
}
