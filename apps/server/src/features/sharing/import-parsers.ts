import { IMPORT_MAX_MESSAGES } from '@hearth/contract';
import { z } from 'zod';

/** One conversation read from an export, ready to store; or why it was left out. */
export interface ParsedMessage {
  /** The export's own id of the message, and of the kept message it follows (branching: a tree). */
  key: string;
  parentKey: string | null;
  type: 'user' | 'assistant';
  content: string;
  model: string | null;
  /** Seconds since the epoch when the export has it. */
  time: number | null;
}

export type ParsedConversation =
  | { ok: true; title: string; time: number | null; messages: ParsedMessage[]; activeKey: string | null }
  | { ok: false; title: string; reason: string };

export interface ParsedExport {
  source: 'chatgpt' | 'open-webui';
  conversations: ParsedConversation[];
}

const MAX_CONTENT = 100_000;
const time = z.number().finite().nullish().catch(null);

const ChatGptNode = z.object({
  parent: z.string().nullish(),
  message: z
    .object({
      author: z.object({ role: z.string() }),
      content: z.object({ content_type: z.string().optional(), parts: z.array(z.unknown()).optional() }).optional(),
      create_time: time,
      metadata: z.object({ model_slug: z.string().nullish() }).loose().nullish(),
    })
    .nullish(),
});
const ChatGptConversation = z.object({
  title: z.string().nullish(),
  create_time: time,
  current_node: z.string().nullish(),
  mapping: z.record(z.string(), z.unknown()),
});

const WebUiMessage = z.object({
  id: z.string().optional(),
  parentId: z.string().nullish(),
  role: z.string(),
  content: z.unknown(),
  timestamp: time,
  model: z.string().nullish(),
});
const WebUiChat = z.object({
  title: z.string().nullish(),
  created_at: time,
  chat: z.object({
    title: z.string().nullish(),
    messages: z.array(z.unknown()).optional(),
    history: z.object({ currentId: z.string().nullish(), messages: z.record(z.string(), z.unknown()) }).nullish(),
  }),
});

const titleOf = (...candidates: (string | null | undefined)[]) =>
  (candidates.find((value) => value?.trim())?.trim() ?? 'Imported chat').replaceAll('\u0000', '').slice(0, 200);

const roleOf = (role: string): ParsedMessage['type'] | null =>
  role === 'user' ? 'user' : role === 'assistant' ? 'assistant' : null;

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join('\n');
  if (value && typeof value === 'object' && 'text' in value) return textOf((value as { text: unknown }).text);
  return '';
};

type Content = Omit<ParsedMessage, 'key' | 'parentKey'>;

/** A node of an export's message tree: its parent, and its message when it is one worth keeping. */
interface TreeNode {
  parent: string | null;
  content: Content | null;
}

/**
 * Every kept message of a tree, parents before children, each pointing at its nearest kept ancestor (system,
 * tool and empty nodes are skipped, their children move up). `current` is the shown branch's end.
 */
function flatten(
  title: string,
  created: number | null,
  nodes: Map<string, TreeNode>,
  current: string | null,
): ParsedConversation {
  if (nodes.size > IMPORT_MAX_MESSAGES * 2) {
    return { ok: false, title, reason: `It has more than ${IMPORT_MAX_MESSAGES} messages` };
  }
  const children = new Map<string | null, string[]>();
  for (const [id, node] of nodes) {
    const parent = node.parent !== null && nodes.has(node.parent) && node.parent !== id ? node.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), id]);
  }
  const kept = new Map<string, string | null>();
  const keptAncestor = (id: string | null): string | null =>
    id === null ? null : kept.has(id) ? id : (kept.get(`^${id}`) ?? null);
  const messages: ParsedMessage[] = [];
  const stack: { id: string; parent: string | null }[] = (children.get(null) ?? [])
    .reverse()
    .map((id) => ({ id, parent: null }));
  const seen = new Set<string>();
  while (stack.length > 0) {
    const { id, parent } = stack.pop() as { id: string; parent: string | null };
    if (seen.has(id)) continue;
    seen.add(id);
    const node = nodes.get(id);
    const anchor = keptAncestor(parent);
    if (node?.content) {
      kept.set(id, anchor);
      messages.push({ key: id, parentKey: anchor, ...node.content });
    } else {
      // Remembered under another key: a skipped node stands for its nearest kept ancestor.
      kept.set(`^${id}`, anchor);
    }
    for (const child of [...(children.get(id) ?? [])].reverse()) stack.push({ id: child, parent: id });
  }
  if (messages.length === 0) return { ok: false, title, reason: 'It has no messages' };
  if (messages.length > IMPORT_MAX_MESSAGES) {
    return { ok: false, title, reason: `It has more than ${IMPORT_MAX_MESSAGES} messages` };
  }
  const activeKey = current ? keptAncestor(current) : null;
  return { ok: true, title, time: created, messages, activeKey };
}

function chatGptContent(value: unknown): Content | null {
  const read = ChatGptNode.safeParse(value);
  const message = read.success ? read.data.message : null;
  const type = message && roleOf(message.author.role);
  if (!message || !type) return null;
  const contentType = message.content?.content_type ?? 'text';
  if (contentType !== 'text' && contentType !== 'multimodal_text') return null;
  const content = textOf(message.content?.parts ?? []).slice(0, MAX_CONTENT);
  if (!content.trim()) return null;
  return { type, content, model: message.metadata?.model_slug ?? null, time: message.create_time ?? null };
}

function parseChatGpt(item: unknown): ParsedConversation {
  const parsed = ChatGptConversation.safeParse(item);
  if (!parsed.success) return { ok: false, title: 'Untitled', reason: 'It is not a ChatGPT conversation' };
  const { mapping, current_node } = parsed.data;
  const nodes = new Map<string, TreeNode>();
  for (const [id, value] of Object.entries(mapping)) {
    const read = ChatGptNode.safeParse(value);
    nodes.set(id, { parent: read.success ? (read.data.parent ?? null) : null, content: chatGptContent(value) });
  }
  return flatten(titleOf(parsed.data.title), parsed.data.create_time ?? null, nodes, current_node ?? null);
}

function webUiContent(message: z.infer<typeof WebUiMessage>): Content | null {
  const type = roleOf(message.role);
  const content = textOf(message.content).slice(0, MAX_CONTENT);
  if (!type || !content.trim()) return null;
  return { type, content, model: message.model ?? null, time: message.timestamp ?? null };
}

function parseWebUi(item: unknown): ParsedConversation {
  const parsed = WebUiChat.safeParse(item);
  if (!parsed.success) return { ok: false, title: 'Untitled', reason: 'It is not an Open WebUI chat' };
  const { chat } = parsed.data;
  const title = titleOf(chat.title, parsed.data.title);
  const nodes = new Map<string, TreeNode>();
  const history = chat.history;
  if (history && Object.keys(history.messages).length > 0) {
    // The history is the whole tree (every regenerated or edited alternative); currentId is the shown branch.
    for (const [id, value] of Object.entries(history.messages)) {
      const message = WebUiMessage.safeParse(value);
      nodes.set(
        id,
        message.success
          ? { parent: message.data.parentId ?? null, content: webUiContent(message.data) }
          : { parent: null, content: null },
      );
    }
    return flatten(title, parsed.data.created_at ?? null, nodes, history.currentId ?? null);
  }
  // Older exports: a flat list, one chain.
  let previous: string | null = null;
  for (const [index, value] of (chat.messages ?? []).entries()) {
    const message = WebUiMessage.safeParse(value);
    const id = `m${index}`;
    nodes.set(id, { parent: previous, content: message.success ? webUiContent(message.data) : null });
    previous = id;
  }
  return flatten(title, parsed.data.created_at ?? null, nodes, previous);
}

/** Reads a ChatGPT conversations.json or an Open WebUI chat export; null when the file is neither. */
export function parseExport(data: unknown): ParsedExport | null {
  const items = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
  const first: unknown = items[0];
  if (!first || typeof first !== 'object') return null;
  if ('mapping' in first) return { source: 'chatgpt', conversations: items.map(parseChatGpt) };
  if ('chat' in first) return { source: 'open-webui', conversations: items.map(parseWebUi) };
  return null;
}
