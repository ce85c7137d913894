import type { Migration } from 'kysely';
import * as foundation from './20261122_0001_foundation';
import * as models from './20261122_0002_models';
import * as chat from './20261122_0003_chat';
import * as knowledge from './20261122_0004_knowledge';

/**
 * Every migration, in order. Timestamped names; a landed migration is never edited.
 * A static map (not a folder scan) so the same list runs under tsx, tests and any bundler.
 */
export const migrations: Record<string, Migration> = {
  '20261122_0001_foundation': foundation,
  '20261122_0002_models': models,
  '20261122_0003_chat': chat,
  '20261122_0004_knowledge': knowledge,
};
