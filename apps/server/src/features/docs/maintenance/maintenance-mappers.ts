import type { DocChange, DocUpdate } from '@hearth/contract';
import type { DocChangeRow } from './doc-change.repository';
import type { DocUpdateListRow } from './doc-update.repository';

function affectedDocs(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function toDocChange(row: DocChangeRow): DocChange {
  return {
    id: row.id,
    fileType: row.file_type,
    filePath: row.file_path,
    previousPath: row.previous_path,
    changeType: row.change_type,
    impact: row.impact,
    affectedDocs: affectedDocs(row.affected_docs),
    linesChanged: Number(row.lines_changed),
    commit: row.commit_sha,
    timestamp: row.created_at,
    processed: Boolean(Number(row.processed)),
  };
}

export function toDocUpdate(row: DocUpdateListRow): DocUpdate {
  return {
    id: row.id,
    changeId: row.change_id,
    filePath: row.file_path,
    docPath: row.doc_path,
    currentContent: row.current_content,
    suggestedContent: row.suggested_content,
    updateType: row.update_type,
    status: row.status,
    // PostgreSQL keeps `real` in single precision: 0.85 reads back as 0.8500000238.
    aiConfidence: Math.round(Number(row.ai_confidence) * 100) / 100,
    error: row.error,
    timestamp: row.created_at,
    decidedAt: row.decided_at,
  };
}
