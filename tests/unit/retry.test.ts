import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_RETRY_DELAYS_MS, mailSettled, queueMail } from '../../server/platform/mail.ts';
import { withRetries } from '../../server/platform/retry.ts';

/*
 * withRetries (server/platform/retry.ts), which records a delivered outreach email and sends account
 * mail: as many tries as waits plus one, each wait as long as asked, the last error when all fail.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A task failing its first `failures` calls, and the times (fake clock) it was called at. */
function flaky(failures: number) {
  const calls: number[] = [];
  const task = async () => {
    calls.push(Date.now());
    if (calls.length <= failures) throw new Error(`failure ${calls.length}`);
    return `done on try ${calls.length}`;
  };
  return { task, calls };
}

describe('withRetries', () => {
  it('a task that succeeds at once runs once and waits for nothing', async () => {
    const { task, calls } = flaky(0);
    await expect(withRetries(task, [250, 500])).resolves.toBe('done on try 1');
    expect(calls).toHaveLength(1);
  });

  it('fails twice, then succeeds: tried again after 250 ms, then after 500 ms more', async () => {
    const { task, calls } = flaky(2);
    const heard: [string, number][] = [];
    const done = withRetries(task, [250, 500], (error, attempt) =>
      heard.push([(error as Error).message, attempt]),
    );
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('done on try 3');
    expect(calls.map((at) => at - calls[0]!)).toEqual([0, 250, 750]);
    expect(heard).toEqual([
      ['failure 1', 1],
      ['failure 2', 2],
    ]);
  });

  it('fails every time: three tries for two waits, then the last error', async () => {
    const { task, calls } = flaky(Infinity);
    const done = withRetries(task, [250, 500]);
    const failed = expect(done).rejects.toThrow('failure 3');
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
    expect(calls).toHaveLength(3);
  });

  it('without waits: one try, its error', async () => {
    const { task, calls } = flaky(1);
    await expect(withRetries(task, [])).rejects.toThrow('failure 1');
    expect(calls).toHaveLength(1);
  });
});

describe('account mail (queueMail) tries 4 times: at once, then after 5 s, 30 s and 2 min', () => {
  const mail = { to: 'li@example.com', subject: 'Your code', text: '123456', kind: 'code' };

  it('a mail server down for a minute: the code still arrives, on the third try', async () => {
    const { task, calls } = flaky(2);
    const services = {
      mailer: { transport: 'smtp' as const, describe: 'test', send: async () => void (await task()) },
    };
    const logs: string[] = [];
    queueMail(services, mail, (line) => logs.push(line));
    const settled = mailSettled(services);
    await vi.advanceTimersByTimeAsync(35_000);
    await settled;
    expect(calls.map((at) => at - calls[0]!)).toEqual([0, 5_000, 35_000]);
    expect(logs.map((line) => line.split('\n')[0])).toEqual([
      '[mail] code email failed (try 1), retrying: Error: failure 1',
      '[mail] code email failed (try 2), retrying: Error: failure 2',
    ]);
  });

  it('down for good: given up after the fourth try, logged without the address', async () => {
    const { task, calls } = flaky(Infinity);
    const services = {
      mailer: { transport: 'smtp' as const, describe: 'test', send: async () => void (await task()) },
    };
    const logs: string[] = [];
    queueMail(services, mail, (line) => logs.push(line));
    const settled = mailSettled(services);
    await vi.advanceTimersByTimeAsync(MAIL_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await settled;
    expect(calls).toHaveLength(4);
    expect(logs.at(-1)!.split('\n')[0]).toBe('[mail] code email lost after 4 tries: Error: failure 4');
    expect(logs.join('\n')).not.toContain('li@example.com');
  });
});
