import type { UsedDocument } from '@hearth/contract';

/** A web passage in the prompt: longer than a document's summary, since the page itself is not in the context. */
const WEB_PASSAGE_CHARS = 900;

/**
 * The web results of an answer (issue 20), numbered after the knowledge documents so that one list of sources
 * (used_documents) matches the citations; or, when the search failed, a note so the model does not pretend.
 */
export function webResultsPrompt(input: {
  queries: string[];
  results: UsedDocument[];
  /** How many sources come before these (the knowledge documents). */
  offset: number;
  failed: boolean;
}): string | null {
  if (input.failed) {
    return (
      'The user asked to search the web for this answer, but the web search failed. Say briefly that you could ' +
      'not search the web, and do not present anything as a web result.'
    );
  }
  if (input.queries.length === 0) return null;
  const searched = input.queries.map((query) => `"${query}"`).join(', ');
  if (input.results.length === 0) {
    return `A web search for ${searched} found no readable results. Say so if the answer depends on it.`;
  }
  const list = input.results
    .map((result, index) => {
      const passage = result.snippet.replace(/\s+/g, ' ').trim().slice(0, WEB_PASSAGE_CHARS);
      return `[${input.offset + index + 1}] ${result.fileName} (web page on ${result.collectionName}, ${result.url}): ${passage}`;
    })
    .join('\n');
  const numbers = input.results.map((_, index) => `[${input.offset + index + 1}]`).join(', ');
  return (
    `Results of a web search for ${searched}, numbered:\n${list}\n` +
    `When you use information from these web results, cite them right after it as ${numbers}, matching the ` +
    'numbers above. Web pages can be wrong or out of date: prefer what several results agree on, and never ' +
    'invent sources or citations.'
  );
}
