import type { BuiltinToolName, UsedDocument } from '@hearth/contract';
import { calculate } from './calculator';
import type { AvailableTool, ToolContext } from './tool-source';

/** What the built-in tools need from the rest of the server (wired in wiring/services.ts). */
export interface BuiltinToolDependencies {
  /** The user's own collections (and those shared with them), best passages first. */
  searchKnowledge(userId: string, query: string, signal: AbortSignal): Promise<UsedDocument[]>;
  /** A page's readable text, through the SSRF guard and the admin's allow-list. */
  fetchPage(url: string, signal: AbortSignal): Promise<{ url: string; text: string }>;
  now?: () => Date;
}

export interface BuiltinToolDefinition {
  name: BuiltinToolName;
  description: string;
  parameters: Record<string, unknown>;
  /** Off until an admin switches it on. */
  enabledByDefault: boolean;
  approvalByDefault: 'auto' | 'ask';
  run(args: Record<string, unknown>, context: ToolContext, deps: BuiltinToolDependencies): Promise<string>;
}

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || !value.trim()) throw new Error(`"${name}" must be a non-empty string.`);
  return value.trim();
};

/** The tools Hearth brings: they work offline (fetch_url reaches only what the outbound guard allows). */
export const BUILTIN_TOOLS: readonly BuiltinToolDefinition[] = [
  {
    name: 'calculator',
    description: 'Evaluate an arithmetic expression exactly (+ - * / % ^, parentheses, sqrt, ln, log, sin, cos, pi).',
    parameters: {
      type: 'object',
      properties: { expression: { type: 'string', description: 'For example "(17.5 * 3) / 4"' } },
      required: ['expression'],
    },
    enabledByDefault: true,
    approvalByDefault: 'auto',
    run: async (args) => {
      const expression = text(args.expression, 'expression');
      return `${expression} = ${Number(calculate(expression).toPrecision(15))}`;
    },
  },
  {
    name: 'current_datetime',
    description: "The current date and time, in a time zone when given (IANA name such as 'Europe/Berlin').",
    parameters: {
      type: 'object',
      properties: { timezone: { type: 'string', description: 'IANA time zone; UTC when omitted' } },
    },
    enabledByDefault: true,
    approvalByDefault: 'auto',
    run: async (args, _context, deps) => {
      const now = deps.now?.() ?? new Date();
      const timeZone = typeof args.timezone === 'string' && args.timezone.trim() ? args.timezone.trim() : 'UTC';
      let local: string;
      try {
        local = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'long' }).format(now);
      } catch {
        throw new Error(`Unknown time zone "${timeZone}".`);
      }
      return `${local} (${timeZone}); ISO 8601 UTC: ${now.toISOString()}`;
    },
  },
  {
    name: 'search_knowledge',
    description:
      "Search the user's knowledge collections; returns the best matching passages with their document names.",
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for' } },
      required: ['query'],
    },
    enabledByDefault: true,
    approvalByDefault: 'auto',
    run: async (args, context, deps) => {
      const found = await deps.searchKnowledge(context.userId, text(args.query, 'query'), context.signal);
      if (found.length === 0) return 'No passages found in the knowledge collections.';
      return found
        .map(
          (document, index) => `[${index + 1}] ${document.fileName} (${document.collectionName}):\n${document.snippet}`,
        )
        .join('\n\n');
    },
  },
  {
    name: 'fetch_url',
    description: 'Read a web page (http or https) and return its text. Only addresses this server may reach.',
    parameters: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The page address' } },
      required: ['url'],
    },
    enabledByDefault: false,
    approvalByDefault: 'ask',
    run: async (args, context, deps) => {
      const page = await deps.fetchPage(text(args.url, 'url'), context.signal);
      return `${page.url}\n\n${page.text}`;
    },
  },
];

/** The built-in tools as a tool source, with the admin's current choices. */
export function builtinAvailable(
  definition: BuiltinToolDefinition,
  approval: 'auto' | 'ask',
  deps: BuiltinToolDependencies,
): AvailableTool {
  return {
    spec: { name: definition.name, description: definition.description, parameters: definition.parameters },
    source: 'Built-in',
    approval,
    run: (args, context) => definition.run(args, context, deps),
  };
}
