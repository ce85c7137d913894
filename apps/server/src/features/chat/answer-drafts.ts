import { MessageMetadata } from '@hearth/contract';
import { holdWorkerId, isDeadLocalWorker, newWorkerId } from '../../lib/worker-identity';
import type { DraftRow, MessageRepository } from './message.repository';

/** How often an answer being written is saved (when it grew). */
export const DRAFT_SAVE_MS = 2_000;
/** A writer that has said nothing for this long saves anyway, to show it is alive. */
const HEARTBEAT_MS = 10_000;
/** An unfinished answer not saved for this long is taken as interrupted, whoever was writing it. */
const STALE_MS = 60_000;

interface Logger {
  warn(details: object, message: string): void;
}

/** One answer being saved as it streams; `close` stops the saving and says which row (if any) holds it. */
export interface DraftAnswer {
  append(text: string): void;
  close(): Promise<string | null>;
}

/**
 * Answers saved while they stream (issue 14), so a server that dies mid-answer keeps what was written: the row
 * is created with the first text and updated every couple of seconds; the runner then finishes the same row.
 * A row left unfinished by a dead writer (its process gone, or silent for a minute) is marked interrupted, at
 * start-up and whenever its conversation is read.
 */
export class AnswerDrafts {
  /**
   * This instance's writer, held for the process's life: its own answers are only ever taken as interrupted
   * when they go silent (a run that failed before it could finish its row).
   */
  readonly writer = newWorkerId();

  constructor(
    private readonly messages: MessageRepository,
    private readonly log: Logger,
    private readonly saveEveryMs = DRAFT_SAVE_MS,
  ) {
    holdWorkerId(this.writer);
  }

  /** `parentId`: the message answered (the answer is stored under it in the message tree). */
  open(userId: string, conversationId: string, model: string, parentId?: string): DraftAnswer {
    const { messages, writer, log, saveEveryMs } = this;
    let text = '';
    let saved = '';
    let savedAt = 0;
    let id: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    // Writes run one after another, so a slow save is never overtaken by a later one.
    let chain: Promise<void> = Promise.resolve();
    const queue = (write: () => Promise<void>) => {
      chain = chain.then(write).catch((error: unknown) => log.warn({ err: error }, 'saving a partial answer failed'));
    };
    const create = async () => {
      const content = text;
      const message = await messages.insert(userId, conversationId, {
        type: 'assistant',
        content,
        model,
        writer,
        parentId,
      });
      id = message.id;
      saved = content;
      savedAt = Date.now();
    };
    const save = async () => {
      if (!id || closed || (text === saved && Date.now() - savedAt < HEARTBEAT_MS)) return;
      const content = text;
      await messages.saveDraft(userId, conversationId, id, writer, content);
      saved = content;
      savedAt = Date.now();
    };
    return {
      append(more) {
        if (closed || !more) return;
        text += more;
        if (timer) return;
        queue(create);
        timer = setInterval(() => queue(save), saveEveryMs);
        timer.unref();
      },
      async close() {
        closed = true;
        clearInterval(timer);
        await chain;
        return id;
      },
    };
  }

  /** Marks unfinished answers whose writer is gone as interrupted: all of them, or one owner's conversation's. */
  async interruptAbandoned(owner?: { userId: string; conversationId: string }): Promise<number> {
    const now = Date.now();
    let interrupted = 0;
    for (const draft of await this.messages.drafts(owner)) {
      if (!this.abandoned(draft, now)) continue;
      if (await this.messages.closeDraft(draft, { ...metadataOf(draft), stopped: true, interrupted: true })) {
        interrupted += 1;
      }
    }
    return interrupted;
  }

  /** The conversation's answer being written by a live writer (any replica; `model`'s when given), or null. */
  async writing(userId: string, conversationId: string, model?: string): Promise<string | null> {
    const now = Date.now();
    const live = (await this.messages.drafts({ userId, conversationId })).find(
      (draft) => !this.abandoned(draft, now) && (model === undefined || draft.model === model),
    );
    return live?.id ?? null;
  }

  /** The user's conversations with an answer being written by a live writer (any replica). */
  async writingConversations(userId: string): Promise<string[]> {
    return (await this.liveDraftsOf(userId)).map((draft) => draft.conversation_id);
  }

  /** How many of the user's answers other replicas are writing (this one counts its own in memory). */
  async writingElsewhere(userId: string): Promise<number> {
    return (await this.liveDraftsOf(userId)).filter((draft) => draft.writer !== this.writer).length;
  }

  private async liveDraftsOf(userId: string) {
    const now = Date.now();
    return (await this.messages.draftsOf(userId)).filter((draft) => !this.abandoned(draft, now));
  }

  private abandoned(draft: DraftRow, now: number): boolean {
    if (isDeadLocalWorker(draft.writer)) return true;
    const savedAt = draft.written_at ? Date.parse(draft.written_at) : Number.NaN;
    return !Number.isFinite(savedAt) || now - savedAt > STALE_MS;
  }
}

const metadataOf = (draft: DraftRow): MessageMetadata => {
  try {
    return MessageMetadata.catch({}).parse(JSON.parse(draft.metadata));
  } catch {
    return {};
  }
};
