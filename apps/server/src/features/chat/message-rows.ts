import { type Attachment, type Message, MessageMetadata, type MessageType } from '@hearth/contract';

/** A chat_messages row as the chat feature reads it. */
export interface MessageRow {
  id: string;
  conversation_id: string;
  type: MessageType;
  content: string;
  attachments: string;
  is_error: number;
  model: string | null;
  metadata: string;
  created_at: string;
}

export const RETURNED = [
  'id',
  'conversation_id',
  'type',
  'content',
  'attachments',
  'is_error',
  'model',
  'metadata',
  'created_at',
] as const;

export const columns = [
  'm.id',
  'm.conversation_id',
  'm.type',
  'm.content',
  'm.attachments',
  'm.is_error',
  'm.model',
  'm.metadata',
  'm.created_at',
  'm.writer',
  'm.parent_id',
] as const;

const parseJson = (text: string, fallback: unknown): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

/**
 * The public message; an answer with a writer is still being written, which its metadata says. The tree link
 * (parent_id) stays on the server: clients see positions among siblings instead (Message.branch).
 */
export const toMessage = ({
  writer,
  parent_id: _parent,
  ...row
}: MessageRow & { writer?: string | null; parent_id?: string | null }): Message => {
  const metadata = MessageMetadata.catch({}).parse(parseJson(row.metadata, {}));
  return {
    ...row,
    attachments: parseJson(row.attachments, []) as Attachment[],
    is_error: Boolean(row.is_error),
    metadata: writer ? { ...metadata, writing: true } : metadata,
  };
};

/** Each message's place among its siblings (`siblings`: every child id of each parent, oldest first). */
export function withBranches(
  rows: { id: string; parent_id: string | null; message: Message }[],
  siblings: Map<string | null, string[]>,
): Message[] {
  return rows.map(({ id, parent_id, message }) => {
    const ids = siblings.get(parent_id) ?? [];
    const index = ids.indexOf(id);
    if (ids.length < 2 || index < 0) return message;
    return {
      ...message,
      branch: {
        position: index + 1,
        count: ids.length,
        previous_id: ids[index - 1] ?? null,
        next_id: ids[index + 1] ?? null,
      },
    };
  });
}
