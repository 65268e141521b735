import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the embedded database's queue (server/platform/db/queue.ts) knows of the request an
 * operation is for: whether the request got the database once already. A request that did may be
 * half way through its work (a search streaming its cards), so its next operations go first and
 * are never refused; one that did not has changed nothing yet, so it may be refused as busy.
 */
export interface RequestLane {
  admitted: boolean;
}

const lanes = new AsyncLocalStorage<RequestLane>();

/** Runs `work` as one request: every database operation it makes, awaited or not, counts as the request's. */
export function runAsRequest<T>(work: () => T): T {
  return lanes.run({ admitted: false }, work);
}

/** The request the current code runs for; undefined for work of the server's own (queue, timers, start-up). */
export function currentRequest(): RequestLane | undefined {
  return lanes.getStore();
}
