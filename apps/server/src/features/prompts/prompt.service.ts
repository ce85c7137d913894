import { randomUUID } from 'node:crypto';
import {
  type CreatePromptBody,
  PROMPT_CONTENT_REQUIRED,
  PROMPT_LIMIT,
  PROMPT_TITLE_REQUIRED,
  type Prompt,
  promptVariables,
  STARTER_PROMPTS,
  type UpdatePromptBody,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import type { PromptListRow, PromptRepository, PromptRow, PromptViewer } from './prompt.repository';

const toPrompt = (row: PromptRow, viewerId: string, author: string | null = null): Prompt => ({
  id: row.id,
  title: row.title,
  description: row.description,
  content: row.content,
  variables: promptVariables(row.content),
  shared: row.shared === 1,
  owned: row.user_id === viewerId,
  built_in: false,
  author: row.user_id === viewerId ? null : author,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const promptEvent = (
  userId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  id: string,
  details?: Record<string, unknown>,
): AuditEvent => ({ userId, action, resourceType: 'prompt', resourceId: id, details });

const authorOf = (row: PromptListRow) => row.author_name?.trim() || row.author_email;

function requiredText(value: string, message: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw AppError.badRequest(message);
  return trimmed;
}

/** The prompt library: own prompts (create, edit, delete, share), shared ones of the organisation, starters. */
export class PromptService {
  constructor(
    private readonly repository: PromptRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** Own and shared prompts (newest first), then the built-in starters. */
  async list(viewer: PromptViewer): Promise<Prompt[]> {
    const rows = await this.repository.listVisible(viewer.id);
    return [...rows.map((row) => toPrompt(row, viewer.id, authorOf(row))), ...STARTER_PROMPTS];
  }

  async create(viewer: PromptViewer, body: CreatePromptBody, context: AuditContext): Promise<Prompt> {
    if ((await this.repository.countOwn(viewer.id)) >= PROMPT_LIMIT) {
      throw AppError.conflict(`You have ${PROMPT_LIMIT} prompts, the most one account may keep. Delete some first.`);
    }
    const now = new Date().toISOString();
    const row: PromptRow = {
      id: randomUUID(),
      user_id: viewer.id,
      organization_id: viewer.organization_id,
      title: requiredText(body.title, PROMPT_TITLE_REQUIRED),
      description: body.description?.trim() || null,
      content: requiredText(body.content, PROMPT_CONTENT_REQUIRED),
      shared: body.shared ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await this.uow.run(async (tx) => {
      await this.repository.insert(row, tx);
      await this.audit.record(tx, promptEvent(viewer.id, 'CREATE', row.id, { title: row.title }), context);
    });
    return toPrompt(row, viewer.id);
  }

  /** Only the owner edits; anyone else is told the prompt does not exist. */
  async update(viewer: PromptViewer, id: string, body: UpdatePromptBody, context: AuditContext): Promise<Prompt> {
    const changes: Partial<PromptRow> = {
      updated_at: new Date().toISOString(),
      // Sharing follows the owner's organisation at the time of the last save.
      organization_id: viewer.organization_id,
    };
    if (body.title !== undefined) changes.title = requiredText(body.title, PROMPT_TITLE_REQUIRED);
    if (body.content !== undefined) changes.content = requiredText(body.content, PROMPT_CONTENT_REQUIRED);
    if (body.description !== undefined) changes.description = body.description?.trim() || null;
    if (body.shared !== undefined) changes.shared = body.shared ? 1 : 0;
    await this.uow.run(async (tx) => {
      if (!(await this.repository.updateOwn(viewer.id, id, changes, tx))) throw AppError.notFound('Prompt');
      // Which fields changed (and the new title and sharing), not the prompt text itself.
      const details = { fields: Object.keys(body).sort(), title: changes.title, shared: body.shared };
      await this.audit.record(tx, promptEvent(viewer.id, 'UPDATE', id, details), context);
    });
    const row = await this.repository.findOwn(viewer.id, id);
    if (!row) throw AppError.notFound('Prompt');
    return toPrompt(row, viewer.id);
  }

  async delete(viewer: PromptViewer, id: string, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.repository.deleteOwn(viewer.id, id, tx))) throw AppError.notFound('Prompt');
      await this.audit.record(tx, promptEvent(viewer.id, 'DELETE', id), context);
    });
  }
}
