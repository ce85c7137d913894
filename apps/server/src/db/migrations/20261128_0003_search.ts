import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Conversation search (issue 17). One row per searchable text in `chat_search_docs`: each message, and each
 * conversation's title (message_id null). Messages have no owner column, so the owner is copied onto the row:
 * the owner filter then meets the text index instead of joining a million messages to their conversations.
 * Rows are kept by triggers, so every path that writes messages (streaming drafts, edits, branches, imports)
 * stays searchable without knowing about search.
 *
 * SQLite: a contentless FTS5 table keyed by the row's id, with the owner as a token of its own column; a query
 * is `owner : "u<id>" AND body : (...)` read newest-first by rowid, so it stops after one page even for common
 * words. PostgreSQL: a `simple` tsvector with a GIN index for rare words, and (owner_id, id) for the planner's
 * newest-first walk when a word is common.
 *
 * Only the first SEARCH_TEXT_MAX characters of a message are indexed (tsvector's 1 MB limit; nobody searches
 * the middle of a pasted book by a word only found there).
 */
const SEARCH_TEXT_MAX = 100_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) await upSqlite(db);
  else await upPostgres(db);
  await db.schema
    .createIndex('chat_search_docs_conversation_idx')
    .on('chat_search_docs')
    .column('conversation_id')
    .execute();
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table chat_search_docs (
    id integer primary key autoincrement,
    owner_id text not null,
    conversation_id text not null references chat_conversations(id) on delete cascade,
    message_id text unique references chat_messages(id) on delete cascade,
    created_at text not null)`.execute(db);
  await sql`create virtual table chat_search_fts using fts5(owner, body, content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2')`.execute(db);
  const owner = (column: string) => sql.raw(`'u' || replace(${column}, '-', '')`);
  const text = (column: string) => sql.raw(`substr(${column}, 1, ${SEARCH_TEXT_MAX})`);
  await sql`create trigger chat_search_docs_ad after delete on chat_search_docs begin
    delete from chat_search_fts where rowid = old.id;
  end`.execute(db);
  await sql`create trigger chat_search_messages_ai after insert on chat_messages begin
    insert into chat_search_docs (owner_id, conversation_id, message_id, created_at)
      select c.user_id, new.conversation_id, new.id, new.created_at from chat_conversations c
      where c.id = new.conversation_id;
    insert into chat_search_fts (rowid, owner, body)
      select d.id, ${owner('d.owner_id')}, ${text('new.content')} from chat_search_docs d where d.message_id = new.id;
  end`.execute(db);
  await sql`create trigger chat_search_messages_au after update of content on chat_messages
    when old.content is not new.content begin
    delete from chat_search_fts where rowid = (select id from chat_search_docs where message_id = new.id);
    insert into chat_search_fts (rowid, owner, body)
      select d.id, ${owner('d.owner_id')}, ${text('new.content')} from chat_search_docs d where d.message_id = new.id;
  end`.execute(db);
  await sql`create trigger chat_search_conversations_ai after insert on chat_conversations begin
    insert into chat_search_docs (owner_id, conversation_id, message_id, created_at)
      values (new.user_id, new.id, null, new.created_at);
    insert into chat_search_fts (rowid, owner, body)
      values (last_insert_rowid(), ${owner('new.user_id')}, new.title);
  end`.execute(db);
  await sql`create trigger chat_search_conversations_au after update of title on chat_conversations
    when old.title is not new.title begin
    delete from chat_search_fts where rowid =
      (select id from chat_search_docs where conversation_id = new.id and message_id is null);
    insert into chat_search_fts (rowid, owner, body)
      select d.id, ${owner('d.owner_id')}, new.title from chat_search_docs d
      where d.conversation_id = new.id and d.message_id is null;
  end`.execute(db);

  // Existing conversations and messages, oldest first so that rowid order stays newest-last.
  await sql`insert into chat_search_docs (owner_id, conversation_id, message_id, created_at)
    select user_id, id, null, created_at from chat_conversations order by created_at, id`.execute(db);
  await sql`insert into chat_search_docs (owner_id, conversation_id, message_id, created_at)
    select c.user_id, m.conversation_id, m.id, m.created_at from chat_messages m
    join chat_conversations c on c.id = m.conversation_id order by m.created_at, m.id`.execute(db);
  await sql`insert into chat_search_fts (rowid, owner, body)
    select d.id, ${owner('d.owner_id')}, coalesce(${text('m.content')}, c.title) from chat_search_docs d
    join chat_conversations c on c.id = d.conversation_id
    left join chat_messages m on m.id = d.message_id`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table chat_search_docs (
    id bigserial primary key,
    owner_id text not null,
    conversation_id text not null references chat_conversations(id) on delete cascade,
    message_id text unique references chat_messages(id) on delete cascade,
    created_at text not null,
    tsv tsvector not null)`.execute(db);
  await sql`create index chat_search_docs_tsv_idx on chat_search_docs using gin (tsv)`.execute(db);
  await sql`create index chat_search_docs_owner_idx on chat_search_docs (owner_id, id)`.execute(db);
  const vector = (column: string) => sql.raw(`to_tsvector('simple', left(${column}, ${SEARCH_TEXT_MAX}))`);
  await sql`create function chat_search_message_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into chat_search_docs (owner_id, conversation_id, message_id, created_at, tsv)
          select c.user_id, new.conversation_id, new.id, new.created_at, ${vector('new.content')}
          from chat_conversations c where c.id = new.conversation_id;
      elsif new.content is distinct from old.content then
        update chat_search_docs set tsv = ${vector('new.content')} where message_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger chat_search_messages_sync after insert or update of content on chat_messages
    for each row execute function chat_search_message_sync()`.execute(db);
  await sql`create function chat_search_conversation_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into chat_search_docs (owner_id, conversation_id, message_id, created_at, tsv)
          values (new.user_id, new.id, null, new.created_at, ${vector('new.title')});
      elsif new.title is distinct from old.title then
        update chat_search_docs set tsv = ${vector('new.title')}
          where conversation_id = new.id and message_id is null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger chat_search_conversations_sync after insert or update of title on chat_conversations
    for each row execute function chat_search_conversation_sync()`.execute(db);

  await sql`insert into chat_search_docs (owner_id, conversation_id, message_id, created_at, tsv)
    select user_id, id, null, created_at, ${vector('title')} from chat_conversations order by created_at, id`.execute(
    db,
  );
  await sql`insert into chat_search_docs (owner_id, conversation_id, message_id, created_at, tsv)
    select c.user_id, m.conversation_id, m.id, m.created_at, ${vector('m.content')} from chat_messages m
    join chat_conversations c on c.id = m.conversation_id order by m.created_at, m.id`.execute(db);
}
