import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';

/**
 * The HTTP request (or job) whose work is running, carried through async calls: its id, so the log lines of
 * the jobs a request enqueued and of the model calls it made name it, and its trace span when tracing is on,
 * so those calls are traced as its children. Set by the HTTP hook (http/request-context.ts) and by the job
 * queue while it runs a job.
 */
interface RequestContext {
  requestId?: string;
  span?: Span;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as part of this request (or job); with neither an id nor a span, outside any request. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return context.requestId || context.span ? storage.run(context, work) : storage.exit(work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The span of the request or job running now (tracing on), the parent of what it starts. */
export function currentSpan(): Span | undefined {
  return storage.getStore()?.span;
}
