import type { UsedDocument } from '@hearth/contract';
import type { Db } from '../../db/database';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditService } from '../audit';
import { pageFetcher } from './fetch-page';
import { ToolRepository } from './tool.repository';
import { ToolService } from './tool.service';
import type { SessionLimits } from './tool-session';

export interface ToolsDependencies {
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  /** search_knowledge: the user's readable collections. */
  searchKnowledge(userId: string, query: string, signal: AbortSignal): Promise<UsedDocument[]>;
  /** fetch_url: public addresses plus the admin's intranet allowlist (Admin → Network). */
  userUrlPolicy: () => Promise<SsrfPolicy>;
  lookup?: Lookup;
  limits?: SessionLimits;
}

/** Tools for answers (issue 20): built-in tools, other sources added with `addSource` (MCP), approvals, audit. */
export function buildToolsFeature(deps: ToolsDependencies): { toolService: ToolService } {
  const toolService = new ToolService(
    new ToolRepository(deps.db.kysely),
    { searchKnowledge: deps.searchKnowledge, fetchPage: pageFetcher(deps.userUrlPolicy, deps.lookup) },
    deps.uow,
    deps.audit,
    deps.limits,
  );
  return { toolService };
}
