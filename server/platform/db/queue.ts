import { ErrorCode } from '../../../contract/api.ts';
import { AppError } from '../errors.ts';
import { currentRequest, type RequestLane } from '../lanes.ts';
import { DATABASE_QUEUE } from '../limits.ts';

export interface QueueOptions {
  /** How long a request waits for its first turn before it is refused as busy. */
  firstWaitMs: number;
  /** How long the server's own work waits behind requests before it goes next anyway. */
  backgroundMaxWaitMs: number;
  /** What the busy answer says to wait (Retry-After). */
  retryAfterSeconds: number;
}

interface Waiter {
  request: RequestLane | undefined;
  since: number;
  grant(): void;
  timer?: NodeJS.Timeout;
}

/** The answer to a request refused before it touched the database: 50301, HTTP 503 with Retry-After. */
export function busyError(retryAfterSeconds: number): AppError {
  return new AppError(
    ErrorCode.BUSY,
    'busy',
    { seconds: retryAfterSeconds },
    { retry_after: retryAfterSeconds },
  );
}

/**
 * Turns at a database that runs one operation (a statement, or a whole transaction) at a time: the
 * embedded PGlite. Three lanes, served in this order:
 * 1. requests that had a turn already (a search streaming, a transaction's follow-up): they may be
 *    half way through, so they go first and are never refused;
 * 2. requests waiting for their first turn, in arrival order: one that waits `firstWaitMs` is
 *    refused with the busy answer, having changed nothing (a client may send it again);
 * 3. the server's own work (the outreach queue, start-up, imports): after requests, except that
 *    one waiting `backgroundMaxWaitMs` goes next, so it is slowed, never starved.
 * Without this, PGlite's own first-come queue let one slow statement hold every request behind it
 * for seconds (issue 36: p99 1.7–4.9 s at 50 connections).
 */
export class DatabaseQueue {
  private held = false;
  private readonly continuing: Waiter[] = [];
  private readonly first: Waiter[] = [];
  private readonly background: Waiter[] = [];
  /** Requests refused as busy since the start (for tests and the bench). */
  refused = 0;

  private readonly options: QueueOptions;

  constructor(options: QueueOptions = DATABASE_QUEUE) {
    this.options = options;
  }

  /** Operations waiting for a turn now. */
  get waiting(): number {
    return this.continuing.length + this.first.length + this.background.length;
  }

  /** Runs `work` in a turn of its own; the lane is the current request's (server/platform/lanes.ts). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.turn(currentRequest());
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  private turn(request: RequestLane | undefined): Promise<void> {
    if (!this.held) {
      this.held = true;
      if (request) this.admit(request);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        request,
        since: performance.now(),
        grant: () => {
          if (request) this.admit(request);
          resolve();
        },
      };
      if (!request) this.background.push(waiter);
      else if (request.admitted) this.continuing.push(waiter);
      else {
        waiter.timer = setTimeout(() => {
          const at = this.first.indexOf(waiter);
          if (at < 0) return;
          this.first.splice(at, 1);
          this.refused++;
          reject(busyError(this.options.retryAfterSeconds));
        }, this.options.firstWaitMs);
        this.first.push(waiter);
      }
    });
  }

  /** The request had its first turn: its other operations waiting for one go with the admitted. */
  private admit(request: RequestLane): void {
    if (request.admitted) return;
    request.admitted = true;
    for (let i = this.first.length - 1; i >= 0; i--) {
      const waiter = this.first[i]!;
      if (waiter.request !== request) continue;
      clearTimeout(waiter.timer);
      this.first.splice(i, 1);
      this.continuing.push(waiter);
    }
  }

  /** Hands the turn to the next waiter, or frees it. */
  private next(): void {
    const oldest = this.background[0];
    const starved = oldest && performance.now() - oldest.since >= this.options.backgroundMaxWaitMs;
    const waiter = starved
      ? this.background.shift()
      : (this.continuing.shift() ?? this.first.shift() ?? this.background.shift());
    if (!waiter) {
      this.held = false;
      return;
    }
    clearTimeout(waiter.timer);
    waiter.grant();
  }
}
