/** At most one chunk per display frame: a reader cannot see text arrive faster than this. */
export const TEXT_FRAME_MS = 16;

/**
 * The one pacer of streamed text, applied to every provider's answer in runModel (features/chat/model-call.ts).
 * It coalesces text produced faster than a reader can see it (a small model on the built-in runtime emits a
 * thousand tokens a second and more). The first chunk goes out at once, so the first token is never delayed;
 * later text goes out at most once per frame (16 ms), all that came in the meantime together, and never
 * synchronously: the work downstream (the saved draft, SSE frames, JSON on both ends) runs once per frame
 * instead of once per token, beside the runtime's evaluation of the next token rather than in front of it.
 * Text slower than a frame per token goes out as it comes (on the next event-loop turn).
 */
export class TextBatcher {
  private pending = '';
  private cancel: (() => void) | null = null;
  /** When text last went out; 0 until the first chunk has. */
  private lastEmit = 0;
  /** What `emit` threw from a timer: handed to the next push, which runs where the caller can catch it. */
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly emit: (text: string) => void,
    private readonly frameMs = TEXT_FRAME_MS,
  ) {}

  push(text: string): void {
    if (this.failure) throw this.failure.error;
    if (!text) return;
    if (this.lastEmit === 0) {
      this.send(text);
      return;
    }
    this.pending += text;
    if (this.cancel) return;
    const wait = this.frameMs - (performance.now() - this.lastEmit);
    if (wait > 0) {
      const timer = setTimeout(() => this.flushLater(), wait);
      this.cancel = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flushLater());
      this.cancel = () => clearImmediate(immediate);
    }
  }

  /** Emits what is pending now (call before the end of the stream); nothing goes out after this until a push. */
  flush(): void {
    this.cancel?.();
    this.cancel = null;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    this.send(text);
  }

  private flushLater(): void {
    try {
      this.flush();
    } catch (error) {
      this.failure = { error };
    }
  }

  private send(text: string): void {
    this.lastEmit = performance.now();
    this.emit(text);
  }
}
