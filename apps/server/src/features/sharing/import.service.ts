import { IMPORT_MAX_CONVERSATIONS, type ImportResult } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ImportRepository } from './import.repository';
import { type ParsedMessage, parseExport } from './import-parsers';

const notAnExport = () =>
  new AppError(
    'unsupported_file',
    415,
    'This file is not a ChatGPT export (conversations.json) or an Open WebUI chat export.',
  );

/** Export times in seconds (both products), tolerating milliseconds and nanoseconds. */
const toMs = (value: number | null): number | null => {
  if (value === null || value <= 0) return null;
  if (value > 1e17) return value / 1e6;
  if (value > 1e14) return value / 1e3;
  return value > 1e11 ? value : value * 1000;
};

/** ISO times that strictly increase, as the message order of a conversation relies on. */
function timesOf(messages: ParsedMessage[], fallback: number): string[] {
  let last = 0;
  return messages.map((message) => {
    const at = Math.max(toMs(message.time) ?? fallback, last + 1);
    last = at;
    return new Date(at).toISOString();
  });
}

/**
 * Imports conversations from a ChatGPT or Open WebUI export (issue 17). Each conversation is stored in its own
 * transaction with its audit entry, so one that fails leaves nothing half-written; the rest still import.
 */
export class ImportService {
  constructor(
    private readonly imports: ImportRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async import(userId: string, file: Buffer, context: AuditContext): Promise<ImportResult> {
    let data: unknown;
    try {
      data = JSON.parse(file.toString('utf8'));
    } catch {
      throw notAnExport();
    }
    const parsed = parseExport(data);
    if (!parsed) throw notAnExport();
    if (parsed.conversations.length > IMPORT_MAX_CONVERSATIONS) {
      throw AppError.badRequest(
        `This export has ${parsed.conversations.length} conversations; at most ${IMPORT_MAX_CONVERSATIONS} can be imported at once.`,
      );
    }
    const result: ImportResult = { source: parsed.source, imported: 0, conversations: [], skipped: [] };
    const now = Date.now();
    for (const conversation of parsed.conversations) {
      if (!conversation.ok) {
        result.skipped.push({ title: conversation.title, reason: conversation.reason });
        continue;
      }
      const created = toMs(conversation.time) ?? toMs(conversation.messages[0]?.time ?? null) ?? now;
      const times = timesOf(conversation.messages, created);
      const createdAt = new Date(Math.min(created, Date.parse(times[0] ?? ''))).toISOString();
      const updatedAt = times.at(-1) ?? createdAt;
      try {
        const id = await this.uow.run(async (tx) => {
          const stored = await this.imports.insert(
            tx,
            userId,
            {
              title: conversation.title,
              created_at: createdAt,
              updated_at: updatedAt,
              activeKey: conversation.activeKey,
            },
            conversation.messages.map((message, index) => ({
              key: message.key,
              parentKey: message.parentKey,
              type: message.type,
              content: message.content,
              model: message.model,
              created_at: times[index] ?? updatedAt,
            })),
          );
          await this.audit.record(
            tx,
            {
              userId,
              action: 'CREATE',
              resourceType: 'conversation',
              resourceId: stored,
              details: { imported_from: parsed.source, messages: conversation.messages.length },
            },
            context,
          );
          return stored;
        });
        result.imported += 1;
        result.conversations.push({ id, title: conversation.title });
      } catch {
        result.skipped.push({ title: conversation.title, reason: 'It could not be saved' });
      }
    }
    return result;
  }
}
