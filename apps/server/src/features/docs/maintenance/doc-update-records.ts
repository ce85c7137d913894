import { AppError } from '../../../http/errors';
import type { Tx } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit';
import type { DocUpdateListRow, DocUpdateRepository } from './doc-update.repository';

/** An update by id, or 404. */
export async function findUpdate(updates: DocUpdateRepository, id: string): Promise<DocUpdateListRow> {
  const row = await updates.find(id);
  if (!row) throw AppError.notFound('Update');
  return row;
}

/** The audit entry of a documentation update's creation or change, in the transaction that makes it. */
export async function recordUpdate(
  audit: AuditService,
  tx: Tx,
  context: AuditContext,
  action: 'CREATE' | 'UPDATE',
  id: string,
  details: Record<string, unknown>,
): Promise<void> {
  await audit.record(
    tx,
    { userId: context.actorId, action, resourceType: 'doc_update', resourceId: id, details },
    context,
  );
}
