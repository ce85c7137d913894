import type { Role, ServerEvent } from '@hearth/contract';

export interface EventSubscriber {
  userId: string;
  role: Role;
}

export type EventListener = (event: ServerEvent) => void;

/** A message between replicas (never sent to browsers), e.g. "stop this conversation's answer". */
export interface ControlMessage {
  kind: string;
  [key: string]: unknown;
}
export type ControlListener = (message: ControlMessage) => void;

/**
 * Realtime events for signed-in users (GET /api/events). Each user only ever receives their own events, or
 * events for admins when they are one. In-process on SQLite (one server); PgEventBus carries them across
 * replicas on PostgreSQL without changing publishers or the route.
 */
export interface EventBus {
  publish(userId: string, event: ServerEvent): void;
  publishToAdmins(event: ServerEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(subscriber: EventSubscriber, listener: EventListener): () => void;
  /** Sends a control message to every other replica (none with one process). */
  broadcastControl(message: ControlMessage): void;
  /** Control messages from other replicas; returns the unsubscribe function. */
  onControl(listener: ControlListener): () => void;
}

export class InProcessEventBus implements EventBus {
  private readonly listeners = new Map<EventListener, EventSubscriber>();

  publish(userId: string, event: ServerEvent): void {
    for (const [listener, subscriber] of this.listeners) {
      if (subscriber.userId === userId) deliver(listener, event);
    }
  }

  publishToAdmins(event: ServerEvent): void {
    for (const [listener, subscriber] of this.listeners) {
      if (subscriber.role === 'admin' || subscriber.role === 'super_admin') deliver(listener, event);
    }
  }

  subscribe(subscriber: EventSubscriber, listener: EventListener): () => void {
    this.listeners.set(listener, subscriber);
    return () => this.listeners.delete(listener);
  }

  /** One process: there is no other replica to tell. */
  broadcastControl(): void {
    return undefined;
  }

  onControl(): () => void {
    return () => undefined;
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}

/** One broken connection must not stop delivery to the others. */
function deliver(listener: EventListener, event: ServerEvent): void {
  try {
    listener(event);
  } catch {
    // the stream is closing; its own close handler unsubscribes it
  }
}
