import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a piece of work knows about the request that started it: its id, for the logs. A request
 * runs in its own context (platform/observability/request-id.ts); a job enqueued meanwhile carries the id
 * in its payload and runs its handler in a context with the same id (platform/jobs), and so does a
 * mail delivered by a job. Never personal data: only ids.
 */
export type TRequestContext = { requestId: string };

const storage = new AsyncLocalStorage<TRequestContext>();

/** The id of the request this code runs for, directly or through a job it enqueued; undefined otherwise. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` (and everything it starts) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}

/** An id a client or proxy sent may be used when it is this plain: no spaces, quotes or markup in the logs. */
export const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
