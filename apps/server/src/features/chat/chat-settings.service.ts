import type { ChatSettings, ConversationSettings, Preset } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { Tx, UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import { readSettings, writeSettings } from '../presets';
import { type AnswerOptions, type ChatOptions, applySettings } from './chat-options';
import type { ChatSettingsRepository } from './chat-settings.repository';

/** What chat needs of presets: one the user may use, by id. */
interface PresetLookup {
  usable(userId: string, id: string): Promise<Preset | undefined>;
}

/**
 * A chat's own settings (issue 17): read and changed from the chat header, applied by the server to every
 * answer of that chat. A chat started from a preset begins with a copy of the preset's settings.
 */
export class ChatSettingsService {
  constructor(
    private readonly repository: ChatSettingsRepository,
    private readonly presets: PresetLookup,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async get(userId: string, conversationId: string): Promise<ConversationSettings> {
    const stored = await this.repository.read(userId, conversationId);
    if (!stored) throw AppError.notFound('Conversation');
    const preset = stored.preset_id ? await this.presets.usable(userId, stored.preset_id) : undefined;
    return {
      settings: readSettings(stored.settings),
      preset: preset ? { id: preset.id, name: preset.name } : null,
    };
  }

  async update(
    userId: string,
    conversationId: string,
    settings: ChatSettings,
    context: AuditContext,
  ): Promise<ConversationSettings> {
    const text = writeSettings(settings);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.write(tx, userId, conversationId, { settings: text }))) {
        throw AppError.notFound('Conversation');
      }
      // Which settings the chat has now, not the system prompt itself.
      const details = { fields: Object.keys(JSON.parse(text) as object).sort() };
      const event = { userId, action: 'UPDATE' as const, resourceType: 'conversation_settings', details };
      await this.audit.record(tx, { ...event, resourceId: conversationId }, context);
    });
    return this.get(userId, conversationId);
  }

  /** A preset the user may use; anything else does not exist for them. */
  async preset(userId: string, presetId: string): Promise<Preset> {
    const preset = await this.presets.usable(userId, presetId);
    if (!preset) throw AppError.notFound('Preset');
    return preset;
  }

  /** A new chat takes a copy of the preset's settings (later edits to either stay apart). */
  async startFrom(tx: Tx, userId: string, conversationId: string, preset: Preset): Promise<void> {
    const settings = writeSettings(preset.settings);
    await this.repository.write(tx, userId, conversationId, { settings, preset_id: preset.id });
  }

  /**
   * The options an answer of this chat runs with. The model the request names becomes the chat's model, so the
   * chat remembers it (the web's model picker shows it again when the chat is opened).
   */
  async forAnswer(
    userId: string,
    conversationId: string,
    options: AnswerOptions,
    /** False for the answers of a comparison: the chat takes the model of the one picked (`remember`). */
    rememberModel = true,
  ): Promise<ChatOptions> {
    const stored = await this.repository.read(userId, conversationId);
    if (!stored) throw AppError.notFound('Conversation');
    const settings = readSettings(stored.settings);
    if (rememberModel && (settings.model !== options.model || settings.provider_id !== options.provider_id)) {
      const remembered = { ...settings, model: options.model, provider_id: options.provider_id };
      await this.repository.write(undefined, userId, conversationId, { settings: writeSettings(remembered) });
    }
    return applySettings(options, settings);
  }

  /** The chat's model from now on (the answer picked from a comparison was written by it). */
  async remember(userId: string, conversationId: string, model: string, providerId?: string): Promise<void> {
    const stored = await this.repository.read(userId, conversationId);
    if (!stored) throw AppError.notFound('Conversation');
    const settings = readSettings(stored.settings);
    if (settings.model === model && settings.provider_id === providerId) return;
    const remembered = { ...settings, model, provider_id: providerId };
    await this.repository.write(undefined, userId, conversationId, { settings: writeSettings(remembered) });
  }
}
