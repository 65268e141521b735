import { serveIsolated } from '../../../server/platform/isolate.ts';

/** A reader for tests/unit/isolate.test.ts: echoes, spins forever, grows its heap, or throws. */
serveIsolated((job: { kind: 'echo' | 'spin' | 'grow' | 'throw'; text?: string }) => {
  if (job.kind === 'spin') for (;;);
  if (job.kind === 'grow') {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `${i}`));
  }
  if (job.kind === 'throw') throw new Error('the reader refused it');
  return `read: ${job.text}`;
});
