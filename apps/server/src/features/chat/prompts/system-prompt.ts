import type { IndexingCollection, UsedDocument, UserPreferences } from '@hearth/contract';

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
  /** A chat's or preset's own system prompt (issue 17): it takes the place of Hearth's default persona. */
  instructions?: string;
  /** The model-written summary of the older part of the conversation, when there is one. */
  conversationSummary: string | null;
  topic: string | null;
  documents: UsedDocument[];
  /** Searched collections with documents not indexed yet: the model must not pretend it searched them. */
  indexing?: IndexingCollection[];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Tells the model which searched collections are still indexing, so it can say its answer may be incomplete. */
export function indexingNote(indexing: IndexingCollection[]): string | null {
  if (indexing.length === 0) return null;
  const list = indexing
    .map((item) => `"${item.collection_name}" (${plural(item.pending, 'document')} still being indexed)`)
    .join(', ');
  return (
    `Some of the searched knowledge collections are still being indexed: ${list}. Those documents could not be ` +
    'searched for this answer. Tell the user briefly that the answer may be incomplete because indexing is ' +
    'still in progress.'
  );
}

/** The system prompt of the enhanced chat path (spec §7): who the assistant is, how to answer, what it knows. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const parts = [
    input.instructions?.trim() ||
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
    const numbers = input.documents.map((_, index) => `[${index + 1}]`).join(', ');
    parts.push(
      `Relevant documents from the user's knowledge base, numbered:\n${list}\n` +
        `When you use information from these documents, cite the source right after it as ${numbers}, ` +
        'matching the numbers above. Cite only these numbered sources, and only for what they actually say; ' +
        'never invent sources or citations.',
    );
  }
  const note = indexingNote(input.indexing ?? []);
  if (note) parts.push(note);
  return parts.join('\n\n');
}
