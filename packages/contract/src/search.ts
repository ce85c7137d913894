import { z } from 'zod';

/** Longest search text accepted: longer input is refused rather than cut, so nothing is silently ignored. */
export const SEARCH_QUERY_MAX = 200;

const isoDate = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Expected a date (YYYY-MM-DD or an ISO timestamp)');

/** `GET /api/conversations/search`: words, "phrases" and prefix* over titles and message text. */
export const ConversationSearchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
  /** Only messages (and titles) from this date on, inclusive. */
  from: isoDate.optional(),
  /** Only messages up to this date, inclusive (a bare date means the whole day). */
  to: isoDate.optional(),
  /** Only conversations with an answer from this model. */
  model: z.string().trim().min(1).max(200).optional(),
  /** Only conversations in this folder. */
  folder_id: z.string().trim().min(1).max(100).optional(),
  /** Only conversations with (true) or without (false) attached files. */
  has_attachments: z.enum(['true', 'false']).optional(),
  /** Opaque; from `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ConversationSearchQuery = z.input<typeof ConversationSearchQuery>;

/** A marked stretch of a snippet: `text.slice(start, end)` matched the query. Offsets count UTF-16 code units. */
export const SearchHighlight = z.object({ start: z.number().int(), end: z.number().int() });
export type SearchHighlight = z.infer<typeof SearchHighlight>;

export const SearchSnippet = z.object({
  /** Plain text (never HTML): the client marks the highlights itself. */
  text: z.string(),
  highlights: z.array(SearchHighlight),
});
export type SearchSnippet = z.infer<typeof SearchSnippet>;

export const ConversationSearchHit = z
  .object({
    conversation_id: z.string(),
    title: z.string(),
    title_highlights: z.array(SearchHighlight),
    /** The matching message; null when only the title matched. */
    message_id: z.string().nullable(),
    /** Where the message list starts so that this message is on the first page (`?after=`); null for a title hit. */
    message_cursor: z.string().nullable(),
    snippet: SearchSnippet.nullable(),
    /** When the matching message was written (the conversation's last update for a title hit). */
    date: z.string(),
    /** The model that answered in this conversation most recently, when any did. */
    model: z.string().nullable(),
    archived: z.boolean(),
  })
  .meta({ id: 'ConversationSearchHit' });
export type ConversationSearchHit = z.infer<typeof ConversationSearchHit>;

/** Newest first. */
export const ConversationSearchResult = z.object({
  hits: z.array(ConversationSearchHit),
  next_cursor: z.string().nullable(),
});
export type ConversationSearchResult = z.infer<typeof ConversationSearchResult>;
