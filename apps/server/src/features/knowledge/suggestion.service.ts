import { type CollectionSuggestion, SUGGESTION_RULES } from '@hearth/contract';
import type { ChatSourcesRepository } from './chat-sources.repository';
import type { ChunkIndexRepository } from './chunk-index.repository';
import { queryTerms, roughStem } from './query-terms';

/** Chunks looked at for content matches: enough to count documents across a large knowledge base. */
const CONTENT_HITS = 300;

const stems = (text: string) => new Set(queryTerms(text).map(roughStem));
const round = (value: number) => Math.round(value * 100) / 100;
const withoutExtension = (name: string) => name.replace(/\.[a-z0-9]{1,8}$/i, '');

interface Candidate {
  id: string;
  name: string;
  nameWord: string | null;
  documents: Set<string>;
}

/**
 * Spec §9 collection suggestions for a chat message: +0.3 when a word of the collection's name is in the
 * message, +0.2 per document whose file name or content matches it (lexical index); those scoring over 0.1,
 * best first, at most 3. Only the user's own collections are ever looked at.
 */
export class SuggestionService {
  constructor(
    private readonly sources: ChatSourcesRepository,
    private readonly index: ChunkIndexRepository,
  ) {}

  async suggest(userId: string, message: string): Promise<CollectionSuggestion[]> {
    const terms = queryTerms(message);
    if (terms.length === 0) return [];
    const wanted = new Set(terms.map(roughStem));
    const collections = await this.sources.collections(userId);
    if (collections.length === 0) return [];
    const candidates = new Map<string, Candidate>(
      collections.map((collection) => [
        collection.id,
        {
          ...collection,
          nameWord: queryTerms(collection.name).find((word) => wanted.has(roughStem(word))) ?? null,
          documents: new Set<string>(),
        },
      ]),
    );
    for (const doc of await this.sources.documentNames(userId)) {
      const named = [...stems(withoutExtension(doc.file_name))].some((stem) => wanted.has(stem));
      if (named) candidates.get(doc.collection_id)?.documents.add(doc.document_id);
    }
    for (const hit of await this.index.search(userId, terms, null, CONTENT_HITS)) {
      candidates.get(hit.collection_id)?.documents.add(hit.document_id);
    }
    return [...candidates.values()]
      .map((candidate) => ({
        collection_id: candidate.id,
        name: candidate.name,
        score: round(
          (candidate.nameWord ? SUGGESTION_RULES.nameMatch : 0) +
            SUGGESTION_RULES.documentMatch * candidate.documents.size,
        ),
        reason: reasonOf(candidate),
      }))
      .filter((suggestion) => suggestion.score > SUGGESTION_RULES.threshold)
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
      .slice(0, SUGGESTION_RULES.max);
  }
}

function reasonOf(candidate: Candidate): string {
  const parts: string[] = [];
  if (candidate.nameWord) parts.push(`Name matches "${candidate.nameWord}"`);
  const count = candidate.documents.size;
  if (count > 0) parts.push(`${count} document${count === 1 ? '' : 's'} match${count === 1 ? 'es' : ''}`);
  return parts.join(' · ');
}
