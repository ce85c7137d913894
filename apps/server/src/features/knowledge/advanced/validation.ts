import type { AdvancedSearchResponse, KnowledgeSearchResult } from '@hearth/contract';
import { queryTerms, roughStem } from '../query-terms';
import { clamp, termGroups } from './proximity';

/** A top result below this relevance does not count as a decent match. */
export const DECENT_RELEVANCE = 0.25;
/** Results whose snippets are checked for the query's terms. */
const COVERAGE_DEPTH = 5;

export type Assessment = Pick<AdvancedSearchResponse, 'confidence' | 'explanation' | 'validation'>;

/**
 * Judges the final results: valid when at least one result is decently relevant; confidence blends the top
 * score, the average of the top three and the share of query terms the top results contain.
 */
export function assess(
  results: KnowledgeSearchResult[],
  query: string,
  scope: { collectionsChosen: boolean; related?: ReadonlyMap<string, string[]> },
): Assessment {
  const issues: string[] = [];
  const suggestions: string[] = [];
  const widen = scope.collectionsChosen ? 'Select more collections' : 'Add more documents to your collections';
  if (results.length === 0) {
    return {
      confidence: 0,
      explanation: 'No document matched the query.',
      validation: {
        isValid: false,
        confidence: 0,
        issues: ['No results found'],
        suggestions: ['Try different keywords', widen],
      },
    };
  }
  const scores = results.map((result) => result.relevance_score);
  const top = Math.max(...scores);
  const topThree = [...scores].sort((a, b) => b - a).slice(0, 3);
  const average = topThree.reduce((sum, score) => sum + score, 0) / topThree.length;
  const { coverage, missing } = termCoverage(results.slice(0, COVERAGE_DEPTH), query, scope.related);
  if (top < DECENT_RELEVANCE) {
    issues.push('Low relevance scores');
    suggestions.push('Try different keywords');
  }
  const documents = new Set(results.map((result) => result.document_id)).size;
  if (documents === 1) {
    issues.push('Only one document matched');
    suggestions.push(widen);
  }
  if (missing.length > 0) {
    issues.push(`Not found in the top results: ${missing.map((term) => `"${term}"`).join(', ')}`);
    suggestions.push('Check the spelling or use other words for the missing terms');
  }
  const confidence = round(clamp(0.5 * top + 0.2 * average + 0.3 * coverage) * (documents === 1 ? 0.9 : 1));
  const isValid = top >= DECENT_RELEVANCE;
  const strength = confidence >= 0.66 ? 'high' : confidence >= 0.33 ? 'moderate' : 'low';
  const explanation =
    `Found ${documents} matching document${documents === 1 ? '' : 's'} covering ` +
    `${Math.round(coverage * 100)}% of the query terms, with ${strength} confidence.`;
  return {
    confidence,
    explanation,
    validation: { isValid, confidence, issues, suggestions: [...new Set(suggestions)] },
  };
}

/** Share of the query's terms present (themselves or a one-word synonym) in the results' snippets; the absent. */
export function termCoverage(
  results: KnowledgeSearchResult[],
  query: string,
  related?: ReadonlyMap<string, string[]>,
): { coverage: number; missing: string[] } {
  const terms = queryTerms(query);
  if (terms.length === 0) return { coverage: 0, missing: [] };
  const groups = termGroups(query, related);
  const present = new Set<string>();
  for (const result of results) {
    for (const snippet of result.snippets) {
      for (const match of snippet.text.matchAll(/[\p{L}\p{N}]+/gu)) present.add(roughStem(match[0]));
    }
  }
  const missing = terms.filter((_, index) => ![...(groups[index] ?? [])].some((stem) => present.has(stem)));
  return { coverage: (terms.length - missing.length) / terms.length, missing };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
