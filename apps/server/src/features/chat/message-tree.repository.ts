import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The message tree's walks (issue 17 branching), on both databases: recursive CTEs along parent_id, always
 * inside one conversation and scoped by its owner. MessageRepository builds on them.
 */

/** How deep a walk along parent_id may go: far past any real thread, and it ends a walk should rows ever loop. */
const MAX_DEPTH = 1_000_000;

/** The message and every message before it on its path (a walk up parent_id): select what is needed. */
export function lineageQuery(db: Kysely<Database>, userId: string, conversationId: string, messageId: string) {
  return db
    .withRecursive('lineage(id, parent_id, depth)', (cte) =>
      cte
        .selectFrom('chat_messages')
        .select(['id', 'parent_id', sql<number>`0`.as('depth')])
        .where('id', '=', messageId)
        .where('conversation_id', '=', conversationId)
        .unionAll(
          cte
            .selectFrom('chat_messages as up')
            .innerJoin('lineage', 'lineage.parent_id', 'up.id')
            .select(['up.id', 'up.parent_id', sql<number>`lineage.depth + 1`.as('depth')])
            .where('up.conversation_id', '=', conversationId)
            .where(sql<boolean>`lineage.depth < ${MAX_DEPTH}`),
        ),
    )
    .selectFrom('chat_messages as m')
    .innerJoin('lineage', 'lineage.id', 'm.id')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .where('c.user_id', '=', userId)
    .where('m.conversation_id', '=', conversationId);
}

/** The newest message under this one (itself when it has none); undefined when it is not in an owned conversation. */
export async function newestDescendantId(
  db: Kysely<Database>,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<string | undefined> {
  const row = await db
    .withRecursive('subtree(id, depth)', (cte) =>
      cte
        .selectFrom('chat_messages')
        .select(['id', sql<number>`0`.as('depth')])
        .where('id', '=', messageId)
        .where('conversation_id', '=', conversationId)
        .unionAll(
          cte
            .selectFrom('chat_messages as down')
            .innerJoin('subtree', 'subtree.id', 'down.parent_id')
            .select(['down.id', sql<number>`subtree.depth + 1`.as('depth')])
            .where('down.conversation_id', '=', conversationId)
            .where(sql<boolean>`subtree.depth < ${MAX_DEPTH}`),
        ),
    )
    .selectFrom('chat_messages as m')
    .innerJoin('subtree', 'subtree.id', 'm.id')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .where('c.user_id', '=', userId)
    .where('m.conversation_id', '=', conversationId)
    .select('m.id')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The children of each parent (null: the conversation's first messages), oldest first: a message's siblings. */
export async function childrenOf(
  db: Kysely<Database>,
  userId: string,
  conversationId: string,
  parents: (string | null)[],
): Promise<Map<string | null, string[]>> {
  const ids = parents.filter((parent): parent is string => parent !== null);
  const roots = parents.includes(null);
  const children = new Map<string | null, string[]>();
  if (ids.length === 0 && !roots) return children;
  const rows = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .where('c.user_id', '=', userId)
    .where('m.conversation_id', '=', conversationId)
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('m.parent_id', 'in', ids)] : []),
        ...(roots ? [eb('m.parent_id', 'is', null)] : []),
      ]),
    )
    .select(['m.id', 'm.parent_id'])
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  for (const { id, parent_id } of rows) children.set(parent_id, [...(children.get(parent_id) ?? []), id]);
  return children;
}
