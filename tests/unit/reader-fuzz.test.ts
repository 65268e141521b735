/**
 * Issue 29, point 1: every reader of user-supplied text is fed 20,000-character runs of each Unicode
 * space (and of the invisible format characters) between the words its patterns look for, and must
 * finish each input within a time budget. The readers run in a worker the test terminates past the
 * budget, so a reader that regresses fails here instead of hanging the suite.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

/** Every character JavaScript's `\s` reads as a space, NEL, and the invisible format characters. */
const SPACES = [
  ...'\t\n\v\f\r \u0085\u00a0\u1680\u2028\u2029\u202f\u205f\u3000',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  ...'\u180e\u200b\u200c\u200d\u2060\ufeff',
];
/** Words the readers' patterns look for: labels, legal forms, numbers, places, products, separators. */
const WORDS = [
  'Tel',
  '电话',
  'WhatsApp',
  'MOQ',
  '起订量',
  'WeChat',
  '微信',
  'Contact:',
  '联系人',
  'Mr',
  'Co.,',
  'Ltd',
  '有限公司',
  '网址',
  'Website:',
  'www.a',
  'http://a',
  'a@b',
  'HS',
  '税号',
  '9405',
  '1,000',
  '50',
  '人',
  'employees',
  'LED',
  'panel',
  'buyers',
  'in',
  'Germany',
  '德国',
  '和',
  'and',
  ',',
  '-',
  '/',
  '(',
  'ISO',
  'CE',
  '2026/11/06',
  'KGS',
];
/** Characters in one run. */
const RUN = 20_000;
/**
 * What one reader may take for one input of about 20,000 characters. Linear readers take a few
 * milliseconds; a quadratic pattern over the run takes seconds.
 */
const BUDGET_MS = 400;

const WORKER = new URL('./support/readerFuzzWorker.ts', import.meta.url);
let worker: Worker | null = null;
let readers: string[] = [];

async function startWorker(): Promise<Worker> {
  const fresh = new Worker(WORKER, {
    execArgv: process.execArgv.filter((flag) => flag.includes('strip-types')),
  });
  readers = await new Promise<string[]>((resolve, reject) => {
    fresh.once('message', (message: { readers: string[] }) => resolve(message.readers));
    fresh.once('error', reject);
  });
  return fresh;
}

/** Runs `reader` on `input` in the worker: its time, or null when it ran past the budget (worker restarted). */
async function timed(reader: string, input: string): Promise<{ ms: number | null; error?: string }> {
  worker ??= await startWorker();
  const current = worker;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      current.removeAllListeners('message');
      worker = null;
      void current.terminate();
      resolve({ ms: null });
    }, BUDGET_MS * 10);
    current.once('message', (answer: { ms: number; error?: string }) => {
      clearTimeout(timer);
      resolve(answer);
    });
    current.postMessage({ reader, input });
  });
}

afterAll(async () => {
  await worker?.terminate();
});

describe('readers of user-supplied text take linear time on long runs of spaces', () => {
  it(`every reader, each of ${SPACES.length} space characters, ${RUN.toLocaleString('en')}-character runs between the words its patterns read: each input within ${BUDGET_MS} ms`, async () => {
    worker = await startWorker();
    expect(readers.length).toBeGreaterThanOrEqual(9);
    const slow: string[] = [];
    let inputs = 0;
    for (const space of SPACES) {
      const run = space.repeat(RUN);
      // Each word with a run on both sides, and the whole list once with short runs between.
      const cases = [
        ...WORDS.map((word, i) => `${word}${run}${WORDS[(i + 1) % WORDS.length]}${run}`),
        WORDS.join(space.repeat(RUN / WORDS.length)),
      ];
      for (const reader of readers)
        for (const input of cases) {
          inputs++;
          const { ms, error } = await timed(reader, input);
          expect(error, `${reader} threw`).toBeUndefined();
          if (ms === null || ms > BUDGET_MS)
            slow.push(
              `${reader}, U+${space.codePointAt(0)!.toString(16).padStart(4, '0')}, "${input.slice(0, 12)}…": ${ms === null ? `over ${BUDGET_MS * 10}` : Math.round(ms)} ms`,
            );
        }
    }
    expect(inputs).toBe(SPACES.length * readers.length * (WORDS.length + 1));
    expect(slow).toEqual([]);
  }, 900_000);
});
