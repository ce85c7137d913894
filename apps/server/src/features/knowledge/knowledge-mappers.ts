import { type KnowledgeCollection, type KnowledgeDocument, KnowledgeDocumentMetadata } from '@hearth/contract';
import type { CollectionRow, CollectionStats, DocumentSummaryRow } from './knowledge.repository';

export function parseMetadata(json: string): KnowledgeDocumentMetadata {
  try {
    return KnowledgeDocumentMetadata.parse(JSON.parse(json));
  } catch {
    return {};
  }
}

export function toDocument(row: DocumentSummaryRow): KnowledgeDocument {
  return {
    id: row.id,
    collection_id: row.collection_id,
    file_name: row.file_name,
    file_type: row.file_type,
    file_size: Number(row.file_size),
    sha256: row.sha256,
    status: row.status,
    progress: Math.min(1, Math.max(0, Number(row.progress))),
    error: row.error,
    metadata: parseMetadata(row.metadata),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toCollection(row: CollectionRow, stats: CollectionStats | undefined): KnowledgeCollection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    document_count: stats?.document_count ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    recent_documents: stats?.recent ?? [],
    indexing: { pending: stats?.pending ?? 0, failed: stats?.failed ?? 0 },
  };
}

/** Keeps the name readable but safe as one path segment of a blob key. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = base
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 150)
    .trim();
  return clean || 'file';
}
