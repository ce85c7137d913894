import type { DataExport } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ExportRepository } from './export.repository';
import type { PreferencesRepository } from './preferences.repository';
import { toPrivacySettings, toUpdatePreferences } from './privacy.service';

const AUDIT_WINDOW_MS = 90 * 86_400_000;

/** The user's data as one JSON document (spec: export_user_data), audited as EXPORT in the same transaction. */
export class ExportService {
  constructor(
    private readonly repository: ExportRepository,
    private readonly preferences: PreferencesRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async export(userId: string, context: AuditContext, now = new Date()): Promise<DataExport> {
    const since = new Date(now.getTime() - AUDIT_WINDOW_MS).toISOString();
    const auditLogs = await this.audit.ownSince(userId, since);
    return this.uow.run(async (tx) => {
      const profile = await this.repository.profile(userId, tx);
      if (!profile) throw AppError.notFound('Account');
      const preferences = await this.preferences.getOrCreate(userId, tx);
      const conversations = await this.repository.conversations(userId, tx);
      const collections = await this.repository.collections(userId, tx);
      const details = {
        conversations: conversations.length,
        messages: conversations.reduce((sum, conversation) => sum + conversation.messages.length, 0),
        collections: collections.length,
        documents: collections.reduce((sum, collection) => sum + collection.documents.length, 0),
        audit_entries: auditLogs.length,
      };
      await this.audit.record(
        tx,
        { userId, action: 'EXPORT', resourceType: 'user_data', resourceId: userId, details },
        context,
      );
      const { updated_at: _at, ...updates } = toUpdatePreferences(preferences);
      return {
        exported_at: now.toISOString(),
        profile,
        preferences: { ...toPrivacySettings(preferences), ...updates },
        conversations,
        collections,
        audit_logs: auditLogs,
      };
    });
  }
}

/** knowledge-data-export-{date}.json, the date in UTC. */
export const exportFileName = (now = new Date()): string =>
  `knowledge-data-export-${now.toISOString().slice(0, 10)}.json`;
