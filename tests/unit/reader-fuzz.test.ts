/**
 * Issue 29, point 1: every reader of user-supplied text is fed 20,000-character runs of each Unicode
 * space (and of the invisible format characters) between the words its patterns look for, and must
 * finish each input within a time budget, or take no more than linear time's share of a shorter one. The readers run in a worker the test terminates past the
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
/** A quarter of it: a linear reader takes about a quarter of the time on it, a quadratic one a sixteenth. */
const SHORT_RUN = RUN / 4;
/**
 * What one reader may take for one input of about 20,000 characters before its growth is looked at:
 * linear readers take a few milliseconds. Past it, the input with runs four times shorter is read
 * too, and the reader must not have taken more than 8 times as long on the long one (a linear
 * reader: about 4 times; a quadratic one: 16). Both are read on the same machine at the same time,
 * so a loaded machine slows both alike.
 */
const BUDGET_MS = 150;
const GROWTH = 8;

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
    const timer = setTimeout(
      () => {
        current.removeAllListeners('message');
        worker = null;
        void current.terminate();
        resolve({ ms: null });
      },
      BUDGET_MS * 10 * GROWTH,
    );
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
  it(`every reader, each of ${SPACES.length} space characters, ${RUN.toLocaleString('en')}-character runs between the words its patterns read: each within ${BUDGET_MS} ms, or growing at most ${GROWTH} times from runs 4 times shorter`, async () => {
    worker = await startWorker();
    expect(readers.length).toBeGreaterThanOrEqual(9);
    const slow: string[] = [];
    let inputs = 0;
    for (const space of SPACES) {
      // Each word with a run on both sides, and the whole list once with short runs between.
      const cases = (length: number) => [
        ...WORDS.map(
          (word, i) =>
            `${word}${space.repeat(length)}${WORDS[(i + 1) % WORDS.length]}${space.repeat(length)}`,
        ),
        WORDS.join(space.repeat(length / WORDS.length)),
      ];
      const long = cases(RUN);
      const short = cases(SHORT_RUN);
      for (const reader of readers)
        for (const [k, input] of long.entries()) {
          inputs++;
          const { ms, error } = await timed(reader, input);
          expect(error, `${reader} threw`).toBeUndefined();
          const where = `${reader}, U+${space.codePointAt(0)!.toString(16).padStart(4, '0')}, "${input.slice(0, 12)}…"`;
          if (ms === null) {
            slow.push(`${where}: over ${BUDGET_MS * 10 * GROWTH} ms`);
            continue;
          }
          if (ms <= BUDGET_MS) continue;
          // A slow reading is read again, both lengths three times: the fastest of each counts, so
          // a pause of the machine (another process, a collection) is not taken for the reader.
          const best = async (text: string) => {
            const times = [];
            for (let i = 0; i < 3; i++) times.push((await timed(reader, text)).ms);
            return times.includes(null) ? null : Math.min(...(times as number[]));
          };
          const longest = await best(input);
          const base = await best(short[k]!);
          if (
            longest === null ||
            base === null ||
            (longest > BUDGET_MS && longest > GROWTH * Math.max(base, 1))
          )
            slow.push(
              `${where}: ${longest === null ? 'runaway' : `${Math.round(longest)} ms`}, ${base === null ? 'runaway' : `${Math.round(base)} ms`} with runs of ${SHORT_RUN}`,
            );
        }
    }
    expect(inputs).toBe(SPACES.length * readers.length * (WORDS.length + 1));
    expect(slow).toEqual([]);
  }, 900_000);
});
