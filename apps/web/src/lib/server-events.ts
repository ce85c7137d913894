import { useEffect, useRef } from 'react';

type Handler = (data: unknown) => void;

/**
 * The signed-in user's one event stream (GET /api/events). It opens with the first subscriber and closes with
 * the last; EventSource reconnects by itself after a drop.
 */
class ServerEvents {
  private source: EventSource | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();

  constructor(private readonly url: string) {}

  subscribe(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    this.open();
    this.listen(type);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.unlisten(type);
      if (this.handlers.size === 0) this.close();
    };
  }

  private open(): void {
    if (this.source || typeof EventSource === 'undefined') return;
    this.source = new EventSource(this.url, { withCredentials: true });
  }

  private listen(type: string): void {
    if (!this.source || this.listeners.has(type)) return;
    const listener = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.get(type)?.forEach((handler) => handler(data));
    };
    this.listeners.set(type, listener);
    this.source.addEventListener(type, listener);
  }

  private unlisten(type: string): void {
    const listener = this.listeners.get(type);
    if (listener) this.source?.removeEventListener(type, listener);
    this.listeners.delete(type);
    this.handlers.delete(type);
  }

  private close(): void {
    this.source?.close();
    this.source = null;
    this.listeners.clear();
  }
}

let shared: ServerEvents | null = null;

export function serverEvents(url: string): ServerEvents {
  shared ??= new ServerEvents(url);
  return shared;
}

/** Calls `handler` with the parsed data of every `type` event on the user's stream while mounted. */
export function useServerEvent(url: string, type: string, handler: Handler, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return serverEvents(url).subscribe(type, (data) => latest.current(data));
  }, [url, type, enabled]);
}
