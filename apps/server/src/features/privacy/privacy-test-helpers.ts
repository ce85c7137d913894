import { randomUUID } from 'node:crypto';
import type { TestServer, TestUser } from '../../../test/test-server';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Test setup only: a conversation with messages, dated in the past as asked (days before now). */
export async function seedConversation(
  server: TestServer,
  userId: string,
  options: { title: string; updatedDaysAgo: number; messages: { content: string; daysAgo: number }[] },
): Promise<{ id: string; messageIds: string[] }> {
  const id = randomUUID();
  const kysely = server.app.db.kysely;
  const oldest = Math.max(options.updatedDaysAgo, ...options.messages.map((message) => message.daysAgo));
  await kysely
    .insertInto('chat_conversations')
    .values({
      id,
      user_id: userId,
      title: options.title,
      summary: null,
      summary_message_count: null,
      created_at: daysAgo(oldest),
      updated_at: daysAgo(options.updatedDaysAgo),
    })
    .execute();
  const messageIds: string[] = [];
  for (const [index, message] of options.messages.entries()) {
    const messageId = randomUUID();
    messageIds.push(messageId);
    await kysely
      .insertInto('chat_messages')
      .values({
        id: messageId,
        conversation_id: id,
        type: index % 2 === 0 ? 'user' : 'assistant',
        content: message.content,
        attachments: '[]',
        is_error: 0,
        model: index % 2 === 0 ? null : 'llama3:latest',
        metadata: '{}',
        created_at: daysAgo(message.daysAgo),
      })
      .execute();
  }
  return { id, messageIds };
}

/** Uploads a chat attachment through the API (a real stored file) and optionally ties and back-dates it. */
export async function uploadAttachment(
  server: TestServer,
  user: TestUser,
  options: { conversationId?: string; daysAgo?: number } = {},
): Promise<{ id: string; blobKey: string }> {
  const form = new FormData();
  form.append('file', new Blob(['attachment body for privacy tests']), 'notes.txt');
  const response = await fetch(`${server.url}/api/chat/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`attachment upload failed: ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  const kysely = server.app.db.kysely;
  await kysely
    .updateTable('chat_attachments')
    .set({
      conversation_id: options.conversationId ?? null,
      ...(options.daysAgo === undefined ? {} : { created_at: daysAgo(options.daysAgo) }),
    })
    .where('id', '=', id)
    .execute();
  const row = await kysely
    .selectFrom('chat_attachments')
    .select('blob_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, blobKey: row.blob_key };
}

/** Every row of every table (audit_logs aside) that mentions the value anywhere: what account deletion must leave none of. */
export async function rowsMentioning(server: TestServer, value: string): Promise<string[]> {
  const { db } = server.app;
  const tables =
    db.dialect === 'sqlite'
      ? await db.kysely
          .selectFrom('sqlite_master' as never)
          .select('name' as never)
          .where('type' as never, '=', 'table' as never)
          .execute()
      : await db.kysely
          .selectFrom('information_schema.tables' as never)
          .select('table_name as name' as never)
          .where('table_schema' as never, '=', 'public' as never)
          .execute();
  const found: string[] = [];
  for (const { name } of tables as { name: string }[]) {
    // The audit log keeps the id on purpose (the deletion is itself audited); FTS shadow tables hold no ids.
    if (name === 'audit_logs' || name.startsWith('knowledge_chunks_fts_') || name.startsWith('sqlite_')) continue;
    const rows = await db.kysely
      .selectFrom(name as never)
      .selectAll()
      .execute();
    for (const row of rows) {
      if (JSON.stringify(row).includes(value)) found.push(`${name}: ${JSON.stringify(row).slice(0, 200)}`);
    }
  }
  return found;
}
