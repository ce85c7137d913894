import type { Migration } from 'kysely';
import * as foundation from './20261122_0001_foundation';
import * as models from './20261122_0002_models';
import * as chat from './20261122_0003_chat';
import * as knowledge from './20261122_0004_knowledge';
import * as embeddings from './20261122_0005_embeddings';
import * as auditPrivacy from './20261122_0006_audit_privacy';
import * as profileLastSeen from './20261122_0007_profile_last_seen';
import * as prompts from './20261122_0008_prompts';
import * as jobWorker from './20261122_0009_job_worker';
import * as releases from './20261122_0010_releases';
import * as docs from './20261122_0011_docs';
import * as messageWriter from './20261122_0012_message_writer';
import * as jobDedupe from './20261126_0001_job_dedupe';
import * as vectorIndex from './20261126_0002_vector_index';
import * as qualityReports from './20261126_0010_quality_reports';
import * as lexicalIndex from './20261126_0020_lexical_index';
import * as accountRecovery from './20261127_0001_account_recovery';
import * as sessionsMfa from './20261127_0002_sessions_mfa';
import * as signupInvitations from './20261127_0003_signup_invitations';
import * as orgsGroups from './20261127_0004_orgs_groups';
import * as sso from './20261127_0005_sso';
import * as modelGrants from './20261127_0006_model_grants';
import * as tokenLastClient from './20261127_0007_token_last_client';
import * as branching from './20261128_0002_branching';
import * as search from './20261128_0003_search';
import * as organise from './20261128_0004_organise';
import * as presets from './20261128_0005_presets';
import * as share from './20261128_0006_share';
import * as usage from './20261128_0008_usage';
import * as updates from './20261128_0010_updates';
import * as jobRequestId from './20261128_0011_job_request_id';
import * as mcp from './20261129_0412_mcp';
import * as toolCalls from './20261129_0430_tool_calls';
import * as mcpOauth from './20261129_0730_mcp_oauth';
import * as termStats from './20261129_1100_term_stats';
import * as chunkHeaders from './20261129_1400_chunk_headers';
import * as termCollation from './20261129_2100_term_collation';
import * as postingsVersion from './20261130_1000_postings_version';
import * as scopeSearchedAt from './20261202_1500_scope_searched_at';

/**
 * Every migration, in order. Timestamped names; a landed migration is never edited.
 * A static map (not a folder scan) so the same list runs under tsx, tests and any bundler.
 */
export const migrations: Record<string, Migration> = {
  '20261122_0001_foundation': foundation,
  '20261122_0002_models': models,
  '20261122_0003_chat': chat,
  '20261122_0004_knowledge': knowledge,
  '20261122_0005_embeddings': embeddings,
  '20261122_0006_audit_privacy': auditPrivacy,
  '20261122_0007_profile_last_seen': profileLastSeen,
  '20261122_0008_prompts': prompts,
  '20261122_0009_job_worker': jobWorker,
  '20261122_0010_releases': releases,
  '20261122_0011_docs': docs,
  '20261122_0012_message_writer': messageWriter,
  '20261126_0001_job_dedupe': jobDedupe,
  '20261126_0002_vector_index': vectorIndex,
  '20261126_0010_quality_reports': qualityReports,
  '20261126_0020_lexical_index': lexicalIndex,
  '20261127_0001_account_recovery': accountRecovery,
  '20261127_0002_sessions_mfa': sessionsMfa,
  '20261127_0003_signup_invitations': signupInvitations,
  '20261127_0004_orgs_groups': orgsGroups,
  '20261127_0005_sso': sso,
  '20261127_0006_model_grants': modelGrants,
  '20261127_0007_token_last_client': tokenLastClient,
  '20261128_0002_branching': branching,
  '20261128_0003_search': search,
  '20261128_0004_organise': organise,
  '20261128_0005_presets': presets,
  '20261128_0006_share': share,
  '20261128_0008_usage': usage,
  '20261128_0010_updates': updates,
  '20261128_0011_job_request_id': jobRequestId,
  '20261129_0412_mcp': mcp,
  '20261129_0430_tool_calls': toolCalls,
  '20261129_0730_mcp_oauth': mcpOauth,
  '20261129_1100_term_stats': termStats,
  '20261129_1400_chunk_headers': chunkHeaders,
  '20261129_2100_term_collation': termCollation,
  '20261130_1000_postings_version': postingsVersion,
  '20261202_1500_scope_searched_at': scopeSearchedAt,
};
