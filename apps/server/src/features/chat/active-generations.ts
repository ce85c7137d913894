import { randomUUID } from 'node:crypto';
import type { ControlMessage, EventBus } from '../events';

interface Running {
  userId: string;
  controllers: Set<AbortController>;
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

  add(userId: string, conversationId: string, controller: AbortController): () => void {
    const running = this.byConversation.get(conversationId) ?? { userId, controllers: new Set() };
    running.controllers.add(controller);
    this.byConversation.set(conversationId, running);
    return () => {
      running.controllers.delete(controller);
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

  /** Stops every generation of the conversation, on whichever replica runs it; false when none was running. */
  async stop(conversationId: string): Promise<boolean> {
    if (this.stopHere(conversationId)) return true;
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
    this.cluster.broadcastControl({ kind: 'chat.stop', conversationId, requestId });
    return answered;
  }

  /** Stops every generation of the user's conversations (Clear History, account changes), on every replica. */
  stopAllOf(userId: string): void {
    this.stopAllHere(userId);
    this.cluster?.broadcastControl({ kind: 'chat.stop_all', userId });
  }

  private stopHere(conversationId: string): boolean {
    const running = this.byConversation.get(conversationId);
    if (!running || running.controllers.size === 0) return false;
    for (const controller of running.controllers) controller.abort();
    return true;
  }

  private stopAllHere(userId: string): void {
    for (const [conversationId, running] of this.byConversation) {
      if (running.userId === userId) this.stopHere(conversationId);
    }
  }

  private onControl(message: ControlMessage): void {
    if (message.kind === 'chat.stop' && typeof message.conversationId === 'string') {
      if (this.stopHere(message.conversationId)) {
        this.cluster?.broadcastControl({ kind: 'chat.stopped', requestId: message.requestId });
      }
    } else if (message.kind === 'chat.stopped' && typeof message.requestId === 'string') {
      this.waiting.get(message.requestId)?.(true);
    } else if (message.kind === 'chat.stop_all' && typeof message.userId === 'string') {
      this.stopAllHere(message.userId);
    }
  }
}
