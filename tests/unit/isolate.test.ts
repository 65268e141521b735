import { afterAll, describe, expect, it } from 'vitest';
import { isolate } from '../../server/platform/isolate.ts';

type Job = { kind: 'echo' | 'spin' | 'grow' | 'throw'; text?: string };

const reader = isolate<Job, string>({
  url: new URL('./support/isolatedEcho.ts', import.meta.url),
  timeoutMs: 3_000,
  limits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
  maxWaiting: 2,
});
afterAll(() => reader.close());

describe('a reader isolated in a worker (platform/isolate.ts)', () => {
  it('answers what the reader returns, and keeps its worker for the next job', async () => {
    expect(await reader.run({ kind: 'echo', text: 'a' })).toEqual({ ok: true, value: 'read: a' });
    expect(await reader.run({ kind: 'echo', text: 'b' })).toEqual({ ok: true, value: 'read: b' });
  });

  it(
    'stops a job past its time (the worker is terminated) and reads the next one in a fresh worker',
    { timeout: 30_000 },
    async () => {
      const started = performance.now();
      expect(await reader.run({ kind: 'spin' })).toMatchObject({ ok: false, reason: 'timeout' });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(await reader.run({ kind: 'echo', text: 'after' })).toEqual({ ok: true, value: 'read: after' });
    },
  );

  it(
    'a job past the heap limit is answered crashed, and the next one is read',
    { timeout: 30_000 },
    async () => {
      expect(await reader.run({ kind: 'grow' })).toMatchObject({ ok: false, reason: 'crashed' });
      expect(await reader.run({ kind: 'echo', text: 'again' })).toEqual({ ok: true, value: 'read: again' });
    },
  );

  it('an error the reader throws is answered crashed with its message, the worker kept', async () => {
    expect(await reader.run({ kind: 'throw' })).toEqual({
      ok: false,
      reason: 'crashed',
      detail: 'the reader refused it',
    });
    expect(await reader.run({ kind: 'echo', text: 'kept' })).toEqual({ ok: true, value: 'read: kept' });
  });

  it(
    'runs one job at a time; past the waiting room a job is answered busy at once',
    { timeout: 30_000 },
    async () => {
      const jobs = [
        reader.run({ kind: 'spin' }),
        reader.run({ kind: 'echo', text: '1' }),
        reader.run({ kind: 'echo', text: '2' }),
      ];
      expect(await reader.run({ kind: 'echo', text: 'over' })).toMatchObject({ ok: false, reason: 'busy' });
      expect(await Promise.all(jobs)).toEqual([
        expect.objectContaining({ ok: false, reason: 'timeout' }),
        { ok: true, value: 'read: 1' },
        { ok: true, value: 'read: 2' },
      ]);
    },
  );
});
