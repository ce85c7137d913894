import { randomUUID } from 'node:crypto';
import {
  type CreatePresetBody,
  CreatePresetBody as CreatePresetSchema,
  type Preset,
  PRESET_LIMIT,
  PRESET_NAME_REQUIRED,
  type UpdatePresetBody,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import { readSettings, readStarters, writeSettings } from './preset-settings';
import type { PresetListRow, PresetRepository, PresetRow } from './preset.repository';

/** The caller as far as presets care: who they are and which organisation they belong to now. */
export interface PresetViewer {
  id: string;
  organization_id: string | null;
}

const toPreset = (row: PresetRow, viewerId: string, author: string | null = null): Preset => ({
  id: row.id,
  name: row.name,
  description: row.description,
  settings: readSettings(row.settings),
  starters: readStarters(row.starters),
  shared: row.shared === 1,
  owned: row.user_id === viewerId,
  author: row.user_id === viewerId ? null : author,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const authorOf = (row: PresetListRow) => row.author_name?.trim() || row.author_email;

const presetEvent = (
  userId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  id: string,
  details?: Record<string, unknown>,
): AuditEvent => ({ userId, action, resourceType: 'preset', resourceId: id, details });

function requiredName(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw AppError.badRequest(PRESET_NAME_REQUIRED);
  return trimmed;
}

/**
 * Presets ("assistants", issue 17): a named model, system prompt, parameters, collections and starter prompts.
 * Only the owner edits, deletes or shares one; for anyone else who may not see it, it does not exist.
 */
export class PresetService {
  constructor(
    private readonly repository: PresetRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(userId: string): Promise<Preset[]> {
    const rows = await this.repository.listVisible(userId);
    return rows.map((row) => toPreset(row, userId, authorOf(row)));
  }

  /** A preset the user may use, or undefined. */
  async usable(userId: string, id: string): Promise<Preset | undefined> {
    const row = await this.repository.findVisible(userId, id);
    return row ? toPreset(row, userId, authorOf(row)) : undefined;
  }

  /** A preset the user may use, by its exact name (how /v1 clients name it as a model). */
  async usableByName(userId: string, name: string): Promise<Preset | undefined> {
    const row = await this.repository.findVisibleByName(userId, name);
    return row ? toPreset(row, userId, authorOf(row)) : undefined;
  }

  async create(viewer: PresetViewer, input: CreatePresetBody, context: AuditContext): Promise<Preset> {
    const body = CreatePresetSchema.parse(input);
    if ((await this.repository.countOwn(viewer.id)) >= PRESET_LIMIT) {
      throw AppError.conflict(`You have ${PRESET_LIMIT} presets, the most one account may keep. Delete some first.`);
    }
    const now = new Date().toISOString();
    const row: PresetRow = {
      id: randomUUID(),
      user_id: viewer.id,
      organization_id: viewer.organization_id,
      name: requiredName(body.name),
      description: body.description?.trim() || null,
      settings: writeSettings(body.settings),
      starters: JSON.stringify(body.starters),
      shared: body.shared ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await this.uow.run(async (tx) => {
      await this.repository.insert(tx, row);
      const details = { name: row.name, shared: body.shared };
      await this.audit.record(tx, presetEvent(viewer.id, 'CREATE', row.id, details), context);
    });
    return toPreset(row, viewer.id);
  }

  async update(viewer: PresetViewer, id: string, body: UpdatePresetBody, context: AuditContext): Promise<Preset> {
    const changes: Partial<PresetRow> = {
      updated_at: new Date().toISOString(),
      // Sharing follows the owner's organisation at the time of the last save.
      organization_id: viewer.organization_id,
    };
    if (body.name !== undefined) changes.name = requiredName(body.name);
    if (body.description !== undefined) changes.description = body.description?.trim() || null;
    if (body.settings !== undefined) changes.settings = writeSettings(body.settings);
    if (body.starters !== undefined) changes.starters = JSON.stringify(body.starters);
    if (body.shared !== undefined) changes.shared = body.shared ? 1 : 0;
    await this.uow.run(async (tx) => {
      if (!(await this.repository.updateOwn(tx, viewer.id, id, changes))) throw AppError.notFound('Preset');
      // Which fields changed (and the new name and sharing), not the system prompt itself.
      const details = { fields: Object.keys(body).sort(), name: changes.name, shared: body.shared };
      await this.audit.record(tx, presetEvent(viewer.id, 'UPDATE', id, details), context);
    });
    const row = await this.repository.findOwn(viewer.id, id);
    if (!row) throw AppError.notFound('Preset');
    return toPreset(row, viewer.id);
  }

  async delete(userId: string, id: string, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.repository.deleteOwn(tx, userId, id))) throw AppError.notFound('Preset');
      await this.audit.record(tx, presetEvent(userId, 'DELETE', id), context);
    });
  }
}
