import { z } from 'zod';
import { nameText } from './common';

/**
 * The prompt library (Workspace → Prompts; '/' in the chat input). A prompt's text may hold {{variables}}
 * that are filled in a small form before it is inserted. Two built-in starters ship with every instance.
 */

export const PROMPT_TITLE_MAX = 200;
export const PROMPT_DESCRIPTION_MAX = 1000;
export const PROMPT_CONTENT_MAX = 20_000;
/** Own prompts per user. */
export const PROMPT_LIMIT = 500;
export const PROMPT_TITLE_REQUIRED = 'Prompt title required - Please enter a title for the prompt.';
export const PROMPT_CONTENT_REQUIRED = 'Prompt text required - Please enter the text of the prompt.';

/** `{{name}}`: a letter or underscore, then letters, digits, `_`, `-` or `.` (spaces inside the braces allowed). */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]{0,63})\s*\}\}/g;

/** The distinct variable names of a prompt's text, in order of first use. */
export function promptVariables(content: string): string[] {
  const names: string[] = [];
  for (const match of content.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The text with every known `{{name}}` replaced by its value; unknown names stay as written. */
export function fillPrompt(content: string, values: Record<string, string>): string {
  return content.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

export const Prompt = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string(),
  variables: z.array(z.string()),
  /** Visible to everyone in the owner's organisation. */
  shared: z.boolean(),
  /** The caller's own prompt (only those can be edited or deleted). */
  owned: z.boolean(),
  /** A read-only starter that ships with Hearth. */
  built_in: z.boolean(),
  /** Who wrote a prompt shared with the caller (name or email); null for own and built-in prompts. */
  author: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prompt = z.infer<typeof Prompt>;

export const PromptListResponse = z.object({ prompts: z.array(Prompt) });
export type PromptListResponse = z.infer<typeof PromptListResponse>;

export const CreatePromptBody = z.object({
  title: nameText(PROMPT_TITLE_MAX),
  description: z.string().max(PROMPT_DESCRIPTION_MAX).nullish(),
  content: z.string().max(PROMPT_CONTENT_MAX),
  shared: z.boolean().optional(),
});
export type CreatePromptBody = z.infer<typeof CreatePromptBody>;

/** PATCH: any subset of the fields. */
export const UpdatePromptBody = CreatePromptBody.partial();
export type UpdatePromptBody = z.infer<typeof UpdatePromptBody>;

const STARTER_DATE = '2026-01-01T00:00:00.000Z';

const starter = (id: string, title: string, description: string, content: string): Prompt => ({
  id,
  title,
  description,
  content,
  variables: promptVariables(content),
  shared: false,
  owned: false,
  built_in: true,
  author: null,
  created_at: STARTER_DATE,
  updated_at: STARTER_DATE,
});

/** The spec's two samples, as usable built-in prompts listed for everyone (copy one to change it). */
export const STARTER_PROMPTS: readonly Prompt[] = [
  starter(
    'starter:contract-analysis',
    'Contract Analysis',
    'Review a contract: parties, obligations, dates, risks and unusual clauses.',
    [
      'Review the contract {{contract}} from the point of view of {{party}}.',
      'List the parties, each party’s obligations, the key dates and deadlines, payment terms, termination',
      'rights and any unusual or one-sided clauses. Point out risks for {{party}} and quote the clauses you rely on.',
    ].join('\n'),
  ),
  starter(
    'starter:document-research',
    'Document Research',
    'Answer a question from your documents and cite the passages used.',
    [
      'Using only my documents, answer this question: {{question}}',
      'Cite the passages you used with their document names. If the documents do not answer it, say so',
      'instead of guessing.',
    ].join('\n'),
  ),
];
