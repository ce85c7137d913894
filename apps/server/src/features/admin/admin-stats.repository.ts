import type { AdminUsageDay } from '@hearth/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserScope } from './admin-user.repository';

/** Figures for the admin dashboard. Every query is limited to the caller's scope here, in SQL. */
export class AdminStatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The ids of the accounts in scope; only used for organisation scopes (super admins see everyone). */
  private members(scope: UserScope) {
    const organizationId = scope.kind === 'organization' ? scope.organizationId : null;
    return (
      this.db
        .selectFrom('user_roles')
        .select('user_roles.user_id')
        // An admin without an organisation sees nobody rather than everybody.
        .where('user_roles.organization_id', '=', organizationId ?? '\u0000')
    );
  }

  async totals(scope: UserScope, activeSince: string) {
    const scoped = scope.kind === 'organization';
    const users = await this.db
      .selectFrom('profiles')
      .$if(scoped, (qb) => qb.where('profiles.id', 'in', this.members(scope)))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('users'),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(
                eb.or([
                  eb('profiles.last_seen_at', '>=', activeSince),
                  eb.exists(
                    eb
                      .selectFrom('api_tokens')
                      .select('api_tokens.id')
                      .whereRef('api_tokens.user_id', '=', 'profiles.id')
                      .where('api_tokens.last_used_at', '>=', activeSince),
                  ),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('active'),
      ])
      .executeTakeFirstOrThrow();
    const conversations = await this.db
      .selectFrom('chat_conversations')
      .$if(scoped, (qb) => qb.where('chat_conversations.user_id', 'in', this.members(scope)))
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const documents = await this.db
      .selectFrom('knowledge_documents')
      .$if(scoped, (qb) => qb.where('knowledge_documents.user_id', 'in', this.members(scope)))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string | null>('knowledge_documents.file_size').as('bytes'),
      ])
      .executeTakeFirstOrThrow();
    return {
      users: Number(users.users),
      active_users_7d: Number(users.active ?? 0),
      conversations: Number(conversations.count),
      documents: Number(documents.count),
      storage_bytes: Number(documents.bytes ?? 0),
    };
  }

  /** Messages and uploads (knowledge documents and chat attachments) per UTC day since `since` (YYYY-MM-DD). */
  async usage(scope: UserScope, since: string): Promise<Map<string, Omit<AdminUsageDay, 'date'>>> {
    const scoped = scope.kind === 'organization';
    // ISO-8601 text timestamps in both dialects: the first ten characters are the UTC date.
    const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
    const messages = await this.db
      .selectFrom('chat_messages')
      .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
      .$if(scoped, (qb) => qb.where('chat_conversations.user_id', 'in', this.members(scope)))
      .where('chat_messages.created_at', '>=', since)
      .select((eb) => [day('chat_messages.created_at').as('day'), eb.fn.countAll<number | string>().as('count')])
      .groupBy(day('chat_messages.created_at'))
      .execute();
    const documents = await this.db
      .selectFrom('knowledge_documents')
      .$if(scoped, (qb) => qb.where('knowledge_documents.user_id', 'in', this.members(scope)))
      .where('knowledge_documents.created_at', '>=', since)
      .select((eb) => [day('knowledge_documents.created_at').as('day'), eb.fn.countAll<number | string>().as('count')])
      .groupBy(day('knowledge_documents.created_at'))
      .execute();
    const attachments = await this.db
      .selectFrom('chat_attachments')
      .$if(scoped, (qb) => qb.where('chat_attachments.user_id', 'in', this.members(scope)))
      .where('chat_attachments.created_at', '>=', since)
      .select((eb) => [day('chat_attachments.created_at').as('day'), eb.fn.countAll<number | string>().as('count')])
      .groupBy(day('chat_attachments.created_at'))
      .execute();

    const byDay = new Map<string, Omit<AdminUsageDay, 'date'>>();
    const add = (rows: { day: string; count: number | string }[], field: 'messages' | 'uploads') => {
      for (const row of rows) {
        const entry = byDay.get(row.day) ?? { messages: 0, uploads: 0 };
        entry[field] += Number(row.count);
        byDay.set(row.day, entry);
      }
    };
    add(messages, 'messages');
    add(documents, 'uploads');
    add(attachments, 'uploads');
    return byDay;
  }
}
