/**
 * The embedded database's queue (server/platform/db/queue.ts, issue 36): the order of turns, the
 * bound on a request's first wait and who may be refused. Operations here are promises the test
 * settles by hand; tests/api/database-queue.test.ts runs the same rules against PGlite and HTTP.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/api.ts';
import { DatabaseQueue } from '../../server/platform/db/queue.ts';
import { runAsRequest } from '../../server/platform/lanes.ts';
import { AppError } from '../../server/platform/errors.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An operation that runs until `finish()` is called; `started` says whether it got its turn. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const op = { started: false, finish, work: async () => ((op.started = true), await done) };
  return op;
}

const options = { firstWaitMs: 100, backgroundMaxWaitMs: 400, retryAfterSeconds: 1 };

describe('the embedded database queue', () => {
  it('refuses a request that waited firstWaitMs for its first turn, with the busy answer, before it ran anything', async () => {
    const queue = new DatabaseQueue(options);
    const slow = held();
    const holding = queue.run(slow.work);
    const fresh = held();
    const started = performance.now();
    const refused = await runAsRequest(() => queue.run(fresh.work)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: ErrorCode.BUSY, key: 'busy', data: { retry_after: 1 } });
    // Refused while the slow operation still holds the database: the bound, not the slow one, decides.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(fresh.started).toBe(false);
    expect(queue.refused).toBe(1);
    slow.finish();
    await holding;
  });

  it('never refuses a request that already had a turn (a search streaming): it waits and goes first', async () => {
    const queue = new DatabaseQueue(options);
    const order: string[] = [];
    const slow = held();
    let holding!: Promise<void>;
    const streaming = runAsRequest(async () => {
      await queue.run(async () => order.push('search: first statement'));
      // The database is taken by something slow while the search streams its cards.
      holding = queue.run(slow.work);
      await sleep(5);
      const fresh = runAsRequest(() => queue.run(async () => order.push('another request'))).catch(
        (error: unknown) => (order.push(`another request refused ${(error as AppError).code}`), null),
      );
      await sleep(5);
      const rest = queue.run(async () => order.push('search: its answer stored'));
      await sleep(options.firstWaitMs * 3);
      slow.finish();
      await Promise.all([rest, fresh]);
    });
    await streaming;
    await holding;
    expect(order).toEqual([
      'search: first statement',
      `another request refused ${ErrorCode.BUSY}`,
      'search: its answer stored',
    ]);
  });

  it('a request’s operations started together are admitted together: none is refused after another ran', async () => {
    const queue = new DatabaseQueue(options);
    const slow = held();
    const holding = queue.run(slow.work);
    const results = runAsRequest(() =>
      Promise.allSettled([queue.run(async () => 'a'), queue.run(async () => 'b')]),
    );
    await sleep(options.firstWaitMs / 2);
    slow.finish();
    await holding;
    expect((await results).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  });

  it('serves admitted requests, then new requests in arrival order, then the server’s own work', async () => {
    const queue = new DatabaseQueue({ ...options, firstWaitMs: 5_000 });
    const order: string[] = [];
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    // A request that had its first turn and comes back for another after the others queued.
    const admitted = runAsRequest(async () => {
      await queue.run(async () => undefined);
      await paused;
      await queue.run(async () => order.push('admitted request'));
    });
    await sleep(5);
    const slow = held();
    const holding = queue.run(slow.work);
    const others = [
      queue.run(async () => order.push('background')),
      runAsRequest(() => queue.run(async () => order.push('new request 1'))),
      runAsRequest(() => queue.run(async () => order.push('new request 2'))),
    ];
    resume();
    await sleep(5);
    slow.finish();
    await Promise.all([holding, admitted, ...others]);
    expect(order).toEqual(['admitted request', 'new request 1', 'new request 2', 'background']);
  });

  it('the server’s own work is slowed behind requests, never starved: past backgroundMaxWaitMs it goes next', async () => {
    const queue = new DatabaseQueue({ ...options, firstWaitMs: 60_000 });
    const order: string[] = [];
    let stop = false;
    // A stream of requests, each arriving while the previous one runs, for a second.
    const load = (async () => {
      const requests: Promise<unknown>[] = [];
      while (!stop) {
        requests.push(runAsRequest(() => queue.run(() => sleep(20).then(() => order.push('request')))));
        await sleep(10);
      }
      await Promise.all(requests);
    })();
    await sleep(30);
    const since = performance.now();
    await queue.run(async () => order.push('background'));
    const waited = performance.now() - since;
    stop = true;
    await load;
    expect(order.indexOf('background')).toBeGreaterThan(0);
    expect(waited).toBeGreaterThanOrEqual(options.backgroundMaxWaitMs - 5);
    expect(waited).toBeLessThan(options.backgroundMaxWaitMs + 1_000);
  });
});
