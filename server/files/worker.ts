import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ExtractJob, ExtractResult } from './extract.ts';
import { QUOTAS } from '../platform/limits.ts';

/**
 * Runs text extraction outside the server: each file in a fresh child process (`extractChild.ts`)
 * under a hard address-space limit (RLIMIT_AS, set by the shell's `ulimit -v` before Node starts),
 * at a lower CPU priority, killed after a time limit. pdf.js and zlib allocate outside V8's heap,
 * so a worker thread's heap limits did not bound them; the address-space limit bounds every
 * allocation, whatever the file's syntax. Jobs are scheduled fairly: at most one running per user,
 * and the next job goes to the user who has waited longest.
 */

/** A child still running after this long is killed and the file refused as too complex. */
export const EXTRACT_TIMEOUT_MS = 15_000;
/** Extractions running at once, per process (each its own child, at a lower priority). */
export const MAX_CONCURRENT_EXTRACTIONS = 2;
/** Extractions waiting for a child; more are refused as busy (42900). */
export const MAX_QUEUED_EXTRACTIONS = QUOTAS.extractionsQueued;
/** One user's extractions running or waiting at once; more: busy (42900). */
export const MAX_EXTRACTIONS_PER_USER = QUOTAS.extractionsPerUser;
/**
 * The child's address space, in MiB: Node itself reserves about 1.4 GiB of it (code range,
 * heap cages), the rest is what pdf.js, zlib and the text may take. An allocation past it fails,
 * and the file is refused.
 */
export const EXTRACT_ADDRESS_SPACE_MB = 2_048;
/** How much nicer than the server the child runs (the server's own requests come first). */
export const EXTRACT_NICENESS = 10;

const CHILD = fileURLToPath(new URL('./extractChild.ts', import.meta.url));
/** The shell that sets the limit and then becomes Node (same pid, same IPC channel). */
const SHELL = '/bin/sh';

/** Why `extractIsolated` did not run the job: too many waiting, overall or for this user. */
export class ExtractBusy extends Error {
  constructor() {
    super('extraction queue full');
    this.name = 'ExtractBusy';
  }
}

/** How a child is started: under `ulimit -v` through the shell where there is one (Linux, macOS). */
function startChild(): ChildProcess {
  // Only the type-stripping flag (Node 22): the parent's other flags (test runners') are not for it.
  const node = [process.execPath, ...process.execArgv.filter((flag) => flag.includes('strip-types')), CHILD];
  const options = {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[],
    serialization: 'advanced' as const,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? '' },
  };
  const child = existsSync(SHELL)
    ? spawn(
        SHELL,
        ['-c', `ulimit -v ${EXTRACT_ADDRESS_SPACE_MB * 1024} && exec "$@"`, 'extract', ...node],
        options,
      )
    : spawn(node[0]!, node.slice(1), options);
  try {
    if (child.pid) setPriority(child.pid, EXTRACT_NICENESS);
  } catch {
    // Not permitted here: the child keeps the server's priority.
  }
  return child;
}

/** Runs `job` in a new child: its answer, or a `tooComplex` refusal when it dies or runs out of time. */
function runChild(job: ExtractJob): Promise<ExtractResult> {
  return new Promise((resolve) => {
    const child = startChild();
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString('utf8');
    });
    let settled = false;
    const finish = (result: ExtractResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'tooComplex', detail: `over ${EXTRACT_TIMEOUT_MS} ms` }),
      EXTRACT_TIMEOUT_MS,
    );
    child.once('message', (result: ExtractResult) => finish(result));
    child.once('error', (error: Error & { code?: string }) =>
      finish({ ok: false, reason: 'tooComplex', detail: `${error.code ?? error.name}: ${error.message}` }),
    );
    child.once('exit', (code, signal) =>
      finish({
        ok: false,
        reason: 'tooComplex',
        detail: `extraction exited (${signal ?? code})${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`,
      }),
    );
    child.send(job, (error) => {
      if (error)
        finish({ ok: false, reason: 'tooComplex', detail: `could not send the file: ${error.message}` });
    });
  });
}

interface Waiting {
  userId: number;
  start: () => void;
}

let running = 0;
/** Users with a job running now (at most one each). */
const busyUsers = new Set<number>();
/** Jobs waiting, in arrival order. */
const waiting: Waiting[] = [];
/** Each user's jobs running or waiting. */
const perUser = new Map<number, number>();

/** Starts waiting jobs while a child is free: the oldest waiting job of a user with none running. */
function schedule(): void {
  while (running < MAX_CONCURRENT_EXTRACTIONS) {
    const index = waiting.findIndex((job) => !busyUsers.has(job.userId));
    if (index < 0) return;
    const [next] = waiting.splice(index, 1);
    running++;
    busyUsers.add(next!.userId);
    next!.start();
  }
}

/**
 * Extracts `job`'s text in a child process once it is this user's turn. Throws `ExtractBusy` at
 * once when 16 jobs are already waiting or `userId` has 4 running or waiting.
 */
export async function extractIsolated(job: ExtractJob, userId: number): Promise<ExtractResult> {
  const mine = perUser.get(userId) ?? 0;
  if (mine >= MAX_EXTRACTIONS_PER_USER || waiting.length >= MAX_QUEUED_EXTRACTIONS) throw new ExtractBusy();
  perUser.set(userId, mine + 1);
  try {
    await new Promise<void>((start) => {
      waiting.push({ userId, start });
      schedule();
    });
    try {
      return await runChild(job);
    } finally {
      running--;
      busyUsers.delete(userId);
      schedule();
    }
  } finally {
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left) perUser.set(userId, left);
    else perUser.delete(userId);
  }
}
