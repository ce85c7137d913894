/**
 * Coalesces text produced faster than the event loop turns over (a small model on the built-in runtime emits
 * thousands of tokens a second). The first chunk goes out at once, so the first token is never delayed; later
 * chunks wait for the next turn (setImmediate) and go out together. The per-chunk work downstream (generator
 * resumes, SSE frames, JSON) then runs once per turn instead of once per token, and runs while the runtime
 * evaluates the next token instead of before it.
 */
export class TextBatcher {
  private pending = '';
  private scheduled: NodeJS.Immediate | null = null;
  private sentFirst = false;

  constructor(private readonly emit: (text: string) => void) {}

  push(text: string): void {
    if (!text) return;
    if (!this.sentFirst) {
      this.sentFirst = true;
      this.emit(text);
      return;
    }
    this.pending += text;
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Emits what is pending now (call before the end of the stream). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    this.emit(text);
  }
}
