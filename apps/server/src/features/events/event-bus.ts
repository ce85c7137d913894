import type { Role, ServerEvent } from '@hearth/contract';

export interface EventSubscriber {
  userId: string;
  role: Role;
}

export type EventListener = (event: ServerEvent) => void;

/**
 * Realtime events for signed-in users (GET /api/events). Each user only ever receives their own events, or
 * events for admins when they are one. In-process today; a PostgreSQL LISTEN/NOTIFY implementation can
 * replace it for several replicas without changing publishers or the route.
 */
export interface EventBus {
  publish(userId: string, event: ServerEvent): void;
  publishToAdmins(event: ServerEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(subscriber: EventSubscriber, listener: EventListener): () => void;
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
