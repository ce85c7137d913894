import type { ChatTurn } from '../models';

/** Bounds on attached document text in one prompt, before any context-window fitting. */
export const DOCUMENT_TEXT_CHARS = 20_000;
export const ALL_DOCUMENTS_TEXT_CHARS = 40_000;

/** A rough token count that errs on the side of leaving room: about 3 characters a token for alphabetic text. */
const CHARS_PER_TOKEN = 3;
const TOKENS_PER_TURN = 4;
const TOKENS_PER_IMAGE = 600;
/** Han, kana, hangul and full-width forms: tokenizers split these far finer, about one token each or more. */
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;

export function estimateTokens(text: string): number {
  const wide = text.match(WIDE)?.length ?? 0;
  return Math.ceil((text.length - wide) / CHARS_PER_TOKEN) + wide;
}

/** About how many characters of this text make `tokens` tokens (fewer for Chinese than for English). */
function charsFor(tokens: number, text: string, estimated = estimateTokens(text)): number {
  const perToken = estimated > 0 ? text.length / estimated : CHARS_PER_TOKEN;
  return Math.floor(tokens * perToken);
}

export interface PromptInput {
  /** Null for the plain call (spec §7 fallback: just the message). */
  systemPrompt: string | null;
  /** A shorter system prompt (no summary, no documents) to use when the full one does not fit. */
  minimalSystemPrompt?: string;
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
  documents: { name: string; text: string }[];
  images: string[];
  /** The model's context window in tokens, when known. */
  contextLength: number | null;
}

export interface PromptPlan {
  messages: ChatTurn[];
  /** Something was left out or cut to fit: older history, summary/documents, attachment text or the message. */
  truncated: boolean;
  droppedMessages: number;
  contextTokens: number;
  contextLength: number | null;
}

function documentBlock(documents: { name: string; text: string }[]): string {
  return documents
    .map((doc) => `\n\n--- Attached document: ${doc.name} ---\n${doc.text}\n--- End of ${doc.name} ---`)
    .join('');
}

/** Cuts each document's text so that all of them together stay within `chars`. */
function boundDocuments(documents: { name: string; text: string }[], chars: number) {
  let left = Math.max(0, chars);
  let cut = false;
  const bounded = documents.map((doc) => {
    const room = Math.min(left, DOCUMENT_TEXT_CHARS);
    const text = doc.text.length > room ? `${doc.text.slice(0, room)}\n[... text cut to fit ...]` : doc.text;
    if (doc.text.length > room) cut = true;
    left -= Math.min(doc.text.length, room);
    return { name: doc.name, text };
  });
  return { bounded, cut };
}

/**
 * Builds the turns sent to the model and fits them into the context window, leaving room for the answer.
 * Things go in this order until it fits: oldest history, the summary and documents of the system prompt,
 * attached document text, and finally the end of the message itself. Whatever goes is reported.
 */
export function planPrompt(input: PromptInput): PromptPlan {
  const first = boundDocuments(input.documents, ALL_DOCUMENTS_TEXT_CHARS);
  let documents = first.bounded;
  let truncated = first.cut;
  let history = [...input.history];
  let system = input.systemPrompt;
  let message = input.message;
  let dropped = 0;

  const build = (): ChatTurn[] => {
    const turns: ChatTurn[] = [];
    if (system) turns.push({ role: 'system', content: system });
    for (const turn of history) turns.push({ role: turn.role, content: turn.content });
    const user: ChatTurn = { role: 'user', content: message + documentBlock(documents) };
    if (input.images.length > 0) user.images = input.images;
    turns.push(user);
    return turns;
  };
  const count = (turns: ChatTurn[]): number =>
    turns.reduce(
      (sum, turn) =>
        sum + TOKENS_PER_TURN + estimateTokens(turn.content) + (turn.images?.length ?? 0) * TOKENS_PER_IMAGE,
      0,
    );

  const window = input.contextLength;
  const budget = window ? window - Math.min(1024, Math.floor(window / 4)) : Number.POSITIVE_INFINITY;
  const fits = () => count(build()) <= budget;

  while (!fits() && history.length > 0) {
    history = history.slice(1);
    dropped += 1;
    truncated = true;
  }
  if (!fits() && system && input.minimalSystemPrompt !== undefined && system !== input.minimalSystemPrompt) {
    system = input.minimalSystemPrompt;
    truncated = true;
  }
  if (!fits() && documents.length > 0) {
    const text = documents.map((doc) => doc.text).join('');
    const textTokens = estimateTokens(text);
    const withoutText = count(build()) - textTokens;
    const room = charsFor(budget - withoutText, text, textTokens) - documents.length * 40;
    documents = boundDocuments(documents, room).bounded;
    truncated = true;
  }
  if (!fits()) {
    const over = count(build()) - budget;
    message = message.slice(0, Math.max(1, message.length - charsFor(over, message)));
    truncated = true;
  }
  const messages = build();
  return { messages, truncated, droppedMessages: dropped, contextTokens: count(messages), contextLength: window };
}
