import {
  type ConversationSearchHit,
  type ConversationSearchQuery,
  type ConversationSearchResult,
} from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { encodeCursor } from './cursor';
import { highlightsIn, makeSnippet, parseSearch } from './search-text';
import type { SearchFilters, SearchRepository } from './search.repository';

type SearchQuery = z.output<typeof ConversationSearchQuery>;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A bare date is a whole day (UTC): `from` its first millisecond, `to` its last. */
function boundary(value: string | undefined, end: boolean): string | undefined {
  if (value === undefined) return undefined;
  const day = BARE_DATE.test(value);
  const at = new Date(day ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value);
  return at.toISOString();
}

function decodeSearchCursor(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const id = Number(Buffer.from(value, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id <= 0) throw AppError.badRequest('Invalid cursor');
  return id;
}

/**
 * The message-list cursor (`?after=`) whose first page starts at this message: one millisecond before it, since
 * a conversation's timestamps strictly increase.
 */
const cursorBefore = (message: { at: string; id: string }): string =>
  encodeCursor({ at: new Date(Date.parse(message.at) - 1).toISOString(), id: message.id });

/** Conversation search (issue 17): the caller's own titles and messages, newest match first. */
export class SearchService {
  constructor(private readonly search: SearchRepository) {}

  async find(userId: string, query: SearchQuery): Promise<ConversationSearchResult> {
    const terms = parseSearch(query.q);
    const filters: SearchFilters = {
      from: boundary(query.from, false),
      to: boundary(query.to, true),
      model: query.model,
      folderId: query.folder_id,
      hasAttachments: query.has_attachments === undefined ? undefined : query.has_attachments === 'true',
    };
    if (filters.from && filters.to && filters.from > filters.to) {
      throw AppError.badRequest('The start date is after the end date');
    }
    const docs = await this.search.find(userId, terms, filters, {
      before: decodeSearchCursor(query.cursor),
      limit: query.limit + 1,
    });
    const page = docs.slice(0, query.limit);
    const details = await this.search.details(userId, page);
    const hits = details.map((row): ConversationSearchHit => {
      const at = row.created_at;
      return {
        conversation_id: row.conversation_id,
        title: row.title,
        title_highlights: highlightsIn(row.title, terms),
        message_id: row.message_id,
        message_cursor: row.message_id ? cursorBefore({ at, id: row.message_id }) : null,
        snippet: row.content === null ? null : makeSnippet(row.content, terms),
        date: at,
        model: row.model,
        archived: row.archived_at !== null,
      };
    });
    const last = page.at(-1);
    return {
      hits,
      next_cursor:
        docs.length > query.limit && last ? Buffer.from(String(last.id), 'utf8').toString('base64url') : null,
    };
  }
}
