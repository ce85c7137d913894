import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the HTTP request whose work is running, carried through async calls: the log lines of the jobs a
 * request enqueued and of the model calls it made name it, so one request can be followed end to end. Set by
 * the HTTP hook (http/request-context.ts) and by the job queue while it runs a job a request enqueued.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of request `requestId`; without one, outside any request. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
