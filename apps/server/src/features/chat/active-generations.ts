import { randomUUID } from 'node:crypto';
import type { ControlMessage, EventBus } from '../events';

interface Running {
  userId: string;
  controllers: Set<AbortController>;
  /** The model each generation answers with, so one answer of a comparison can be stopped alone. */
  models: Map<AbortController, string>;
}

/** How long a Stop waits to hear from the replica that streams the answer. */
const REMOTE_STOP_WAIT_MS = 1000;

type Cluster = Pick<EventBus, 'broadcastControl' | 'onControl'>;

/**
 * Generations in progress, by conversation, so Stop works from any tab. With several replicas the answer may
 * stream from another one: a Stop that finds nothing here asks the others (through the event bus) and waits
 * briefly for the one that had it to say so.
 */
export class ActiveGenerations {
  private readonly byConversation = new Map<string, Running>();
  private readonly waiting = new Map<string, (stopped: boolean) => void>();

  constructor(private readonly cluster?: Cluster) {
    cluster?.onControl((message) => this.onControl(message));
  }

  add(userId: string, conversationId: string, controller: AbortController, model?: string): () => void {
    const running = this.byConversation.get(conversationId) ?? { userId, controllers: new Set(), models: new Map() };
    running.controllers.add(controller);
    if (model !== undefined) running.models.set(controller, model);
    this.byConversation.set(conversationId, running);
    return () => {
      running.controllers.delete(controller);
      running.models.delete(controller);
      if (running.controllers.size === 0) this.byConversation.delete(conversationId);
    };
  }

  /** How many answers of the user are being generated on this replica. */
  countOf(userId: string): number {
    let count = 0;
    for (const running of this.byConversation.values()) {
      if (running.userId === userId) count += running.controllers.size;
    }
    return count;
  }

  /**
   * Stops every generation of the conversation (only `model`'s when given: one answer of a comparison), on
   * whichever replica runs it; false when none was running.
   */
  async stop(conversationId: string, model?: string): Promise<boolean> {
    if (this.stopHere(conversationId, model)) return true;
    if (!this.cluster) return false;
    const requestId = randomUUID();
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        resolve(false);
      }, REMOTE_STOP_WAIT_MS);
      this.waiting.set(requestId, (stopped) => {
        clearTimeout(timer);
        this.waiting.delete(requestId);
        resolve(stopped);
      });
    });
    this.cluster.broadcastControl({ kind: 'chat.stop', conversationId, requestId, model });
    return answered;
  }

  /** Stops every generation of the user's conversations (Clear History, account changes), on every replica. */
  stopAllOf(userId: string): void {
    this.stopAllHere(userId);
    this.cluster?.broadcastControl({ kind: 'chat.stop_all', userId });
  }

  private stopHere(conversationId: string, model?: string): boolean {
    const running = this.byConversation.get(conversationId);
    if (!running) return false;
    const chosen = [...running.controllers].filter((item) => model === undefined || running.models.get(item) === model);
    for (const controller of chosen) controller.abort();
    return chosen.length > 0;
  }

  private stopAllHere(userId: string): void {
    for (const [conversationId, running] of this.byConversation) {
      if (running.userId === userId) this.stopHere(conversationId);
    }
  }

  private onControl(message: ControlMessage): void {
    if (message.kind === 'chat.stop' && typeof message.conversationId === 'string') {
      const model = typeof message.model === 'string' ? message.model : undefined;
      if (this.stopHere(message.conversationId, model)) {
        this.cluster?.broadcastControl({ kind: 'chat.stopped', requestId: message.requestId });
      }
    } else if (message.kind === 'chat.stopped' && typeof message.requestId === 'string') {
      this.waiting.get(message.requestId)?.(true);
    } else if (message.kind === 'chat.stop_all' && typeof message.userId === 'string') {
      this.stopAllHere(message.userId);
    }
  }
}
