import type { ConversationExport, ExportFormat } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ConversationReadRepository } from './conversation-read.repository';
import { conversationPdf } from './conversation-pdf';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** About 600 pages of text. */
const MAX_PDF_CHARACTERS = 2_000_000;

/** Laying out a PDF costs far more than writing text: very long chats go to Markdown or JSON instead. */
function assertPdfSize(messages: { content: string }[]): void {
  const length = messages.reduce((sum, message) => sum + message.content.length, 0);
  if (length > MAX_PDF_CHARACTERS) {
    throw new AppError(
      'payload_too_large',
      413,
      'This chat is too long for a PDF. Export it as Markdown or JSON instead.',
    );
  }
}

const speaker = (message: ConversationExport['messages'][number]) =>
  message.type === 'user' ? 'You' : message.type === 'assistant' ? (message.model ?? 'Assistant') : 'System';

/** The conversation as Markdown: a heading per message; answers keep their own Markdown. */
export function toMarkdown(data: ConversationExport): string {
  const parts = [`# ${data.conversation.title}`, '', `_Exported from Hearth on ${data.exported_at}_`, ''];
  for (const message of data.messages) {
    parts.push(`## ${speaker(message)}`, '', `_${message.created_at}_`, '', message.content, '');
    if (message.sources.length > 0) {
      parts.push('**Sources**', '');
      for (const source of message.sources) parts.push(`- ${source.fileName} (${source.collectionName})`);
      parts.push('');
    }
  }
  return parts.join('\n');
}

/** A file name from the title: letters, digits and dashes, never empty. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'conversation'}.${format}`;
}

/** Exports one own conversation (issue 17) as Markdown, JSON or PDF; every export is audited. */
export class ExportService {
  constructor(
    private readonly conversations: ConversationReadRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async export(userId: string, id: string, format: ExportFormat, context: AuditContext): Promise<ExportedFile> {
    const data = await this.uow.run(async (tx) => {
      const conversation = await this.conversations.findOwned(userId, id, tx);
      if (!conversation) throw AppError.notFound('Conversation');
      const messages = await this.conversations.messages(userId, id, tx);
      if (format === 'pdf') assertPdfSize(messages);
      await this.audit.record(
        tx,
        { userId, action: 'EXPORT', resourceType: 'conversation', resourceId: id, details: { format } },
        context,
      );
      const exported: ConversationExport = {
        format: 'hearth.conversation',
        version: 1,
        exported_at: new Date().toISOString(),
        conversation,
        messages,
      };
      return exported;
    });
    const fileName = exportFileName(data.conversation.title, format);
    if (format === 'json') {
      return { fileName, contentType: 'application/json; charset=utf-8', body: JSON.stringify(data, null, 2) };
    }
    if (format === 'pdf') {
      const bytes = await conversationPdf(data);
      return { fileName, contentType: 'application/pdf', body: Buffer.from(bytes) };
    }
    return { fileName, contentType: 'text/markdown; charset=utf-8', body: toMarkdown(data) };
  }
}
