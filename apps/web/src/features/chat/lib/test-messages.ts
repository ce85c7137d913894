import type { Message } from '@hearth/contract';

/** A saved message for tests. */
export const message = (id: string, type: Message['type'], content = id): Message => ({
  id,
  conversation_id: 'c1',
  type,
  content,
  attachments: [],
  is_error: type === 'system',
  model: null,
  created_at: '2026-03-15T10:00:00.000Z',
  metadata: {},
});
