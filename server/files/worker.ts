import { Worker } from 'node:worker_threads';
import type { ExtractJob, ExtractResult } from './extract.ts';
import { QUOTAS } from '../platform/limits.ts';

/**
 * Runs text extraction off the event loop: each job in a fresh `worker_threads` Worker with heap
 * and stack limits and a hard time limit (the worker is terminated), at most one at a time (the
 * server has two cores: one stays for everyone else), the rest waiting in a bounded queue.
 */

/** A worker still running after this long is terminated and the file refused as too complex. */
export const EXTRACT_TIMEOUT_MS = 15_000;
/** Extractions running at once, per process. */
export const MAX_CONCURRENT_EXTRACTIONS = 1;
/** Extractions waiting for a worker; more are refused as busy (42900). */
export const MAX_QUEUED_EXTRACTIONS = QUOTAS.extractionsQueued;
/** One user's extractions running or waiting at once; more: busy (42900). */
export const MAX_EXTRACTIONS_PER_USER = QUOTAS.extractionsPerUser;
/** The worker's V8 limits: past them it dies (ERR_WORKER_OUT_OF_MEMORY) and the file is refused. */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

const WORKER_URL = new URL('./extractWorker.ts', import.meta.url);

/** Why `extractInWorker` did not run the job: too many waiting, overall or for this user. */
export class ExtractBusy extends Error {
  constructor() {
    super('extraction queue full');
    this.name = 'ExtractBusy';
  }
}

let running = 0;
const waiting: (() => void)[] = [];
const perUser = new Map<number, number>();

/** Starts one worker for `job`: its answer, or a `tooComplex` refusal when it dies or runs out of time. */
function runWorker(job: ExtractJob): Promise<ExtractResult> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: WORKER_LIMITS,
      // Only the type-stripping flag (Node 22): the parent's other flags (test runners') are not for it.
      execArgv: process.execArgv.filter((flag) => flag.includes('strip-types')),
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (result: ExtractResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'tooComplex', detail: `over ${EXTRACT_TIMEOUT_MS} ms` }),
      EXTRACT_TIMEOUT_MS,
    );
    worker.once('message', (result: ExtractResult) => finish(result));
    worker.once('error', (error: Error & { code?: string }) =>
      finish({ ok: false, reason: 'tooComplex', detail: `${error.code ?? error.name}: ${error.message}` }),
    );
    worker.once('exit', (code) =>
      finish({ ok: false, reason: 'tooComplex', detail: `worker exited (${code})` }),
    );
    // A copy the worker owns: the caller keeps its bytes for storage.
    const bytes = new Uint8Array(job.bytes);
    worker.postMessage({ ...job, bytes }, [bytes.buffer]);
  });
}

/**
 * Extracts `job`'s text in a worker once one is free. Throws `ExtractBusy` at once when 16 jobs
 * are already waiting or `userId` has 4 running or waiting.
 */
export async function extractInWorker(job: ExtractJob, userId: number): Promise<ExtractResult> {
  const mine = perUser.get(userId) ?? 0;
  if (mine >= MAX_EXTRACTIONS_PER_USER || waiting.length >= MAX_QUEUED_EXTRACTIONS) throw new ExtractBusy();
  perUser.set(userId, mine + 1);
  try {
    if (running >= MAX_CONCURRENT_EXTRACTIONS) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await runWorker(job);
    } finally {
      // Hand the slot straight to the next job, or free it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  } finally {
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left) perUser.set(userId, left);
    else perUser.delete(userId);
  }
}
