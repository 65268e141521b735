import { Worker, parentPort, type ResourceLimits, type Transferable } from 'node:worker_threads';

/**
 * Readers of user-supplied text that run off the event loop (issue 29: nothing a user sends runs
 * unbounded on it): one worker thread per reader, kept warm between jobs (a reader that loads the
 * product lexicon takes seconds to start), running one job at a time under V8 heap limits and a
 * time limit. A job past its time is answered `timeout` and its worker terminated; the next job
 * starts a fresh one. The worker's entry module calls `serveIsolated` with its handler.
 */

/** A job's answer: the handler's value, or why there is none. */
export type Isolated<R> =
  { ok: true; value: R } | { ok: false; reason: 'timeout' | 'crashed' | 'busy'; detail: string };

export interface IsolateOptions {
  /** The worker's entry module (it calls `serveIsolated`). */
  url: URL;
  /** A job still running after this long is stopped (its worker terminated). */
  timeoutMs: number;
  /** V8 limits of the worker: past them it dies and the job is answered `crashed`. */
  limits: ResourceLimits;
  /** Jobs waiting for the worker; past it a job is answered `busy` at once. */
  maxWaiting: number;
  /** How long a fresh worker may take to load its module. */
  startTimeoutMs?: number;
}

/** Runs jobs in the reader's worker, one at a time. */
export interface Isolate<J, R> {
  run(job: J, transfer?: readonly Transferable[]): Promise<Isolated<R>>;
  /** Stops the worker (a new job starts another). */
  close(): Promise<void>;
}

type Message<R> =
  { ready: true } | ({ id: number } & ({ ok: true; value: R } | { ok: false; detail: string }));

/** The isolated runner of one reader (see the module comment). */
export function isolate<J, R>(options: IsolateOptions): Isolate<J, R> {
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  let worker: Worker | null = null;
  let ready: Promise<Worker> | null = null;
  let nextId = 0;
  let running = false;
  const waiting: (() => void)[] = [];

  const stop = async () => {
    const current = worker;
    worker = null;
    ready = null;
    if (current) await current.terminate();
  };

  /** The warm worker, started (and waited for) when there is none. */
  const start = (): Promise<Worker> => {
    if (ready) return ready;
    const fresh = new Worker(options.url, {
      resourceLimits: options.limits,
      // Only the type-stripping flag (Node 22): the parent's other flags (test runners') are not for it.
      execArgv: process.execArgv.filter((flag) => flag.includes('strip-types')),
      stdout: true,
      stderr: true,
    });
    // A warm worker waiting for work does not keep the process alive.
    fresh.unref();
    worker = fresh;
    ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not ready after ${startTimeoutMs} ms`)),
        startTimeoutMs,
      );
      fresh.once('message', (message: Message<R>) => {
        clearTimeout(timer);
        if ('ready' in message) resolve(fresh);
        else reject(new Error('the worker answered before it was ready'));
      });
      fresh.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      fresh.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited (${code}) while starting`));
      });
    });
    ready.catch(() => void stop());
    return ready;
  };

  const runOne = async (job: J, transfer: readonly Transferable[]): Promise<Isolated<R>> => {
    let current: Worker;
    try {
      current = await start();
    } catch (error) {
      return { ok: false, reason: 'crashed', detail: `could not start: ${(error as Error).message}` };
    }
    const id = nextId++;
    return new Promise<Isolated<R>>((resolve) => {
      let settled = false;
      const finish = (result: Isolated<R>, kill: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        current.off('message', onMessage);
        current.off('error', onError);
        current.off('exit', onExit);
        if (kill && worker === current) void stop();
        resolve(result);
      };
      const onMessage = (message: Message<R>) => {
        if ('ready' in message || message.id !== id) return;
        finish(
          message.ok
            ? { ok: true, value: message.value }
            : { ok: false, reason: 'crashed', detail: message.detail },
          false,
        );
      };
      const onError = (error: Error & { code?: string }) =>
        finish(
          { ok: false, reason: 'crashed', detail: `${error.code ?? error.name}: ${error.message}` },
          true,
        );
      const onExit = (code: number) =>
        finish({ ok: false, reason: 'crashed', detail: `worker exited (${code})` }, true);
      const timer = setTimeout(
        () => finish({ ok: false, reason: 'timeout', detail: `over ${options.timeoutMs} ms` }, true),
        options.timeoutMs,
      );
      current.on('message', onMessage);
      current.once('error', onError);
      current.once('exit', onExit);
      current.postMessage({ id, job }, transfer);
    });
  };

  return {
    async run(job, transfer = []) {
      if (running) {
        if (waiting.length >= options.maxWaiting)
          return { ok: false, reason: 'busy', detail: `${waiting.length} jobs waiting` };
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running = true;
      try {
        return await runOne(job, transfer);
      } finally {
        // Hand the worker straight to the next job, or free it.
        const next = waiting.shift();
        if (next) next();
        else running = false;
      }
    },
    close: stop,
  };
}

/**
 * In a reader's worker: answers each job with `handle`'s value (an error it throws is answered
 * `crashed` with its message), after telling the parent the module is loaded.
 */
export function serveIsolated<J, R>(handle: (job: J) => R | Promise<R>): void {
  const port = parentPort!;
  port.on('message', ({ id, job }: { id: number; job: J }) => {
    void (async () => {
      try {
        port.postMessage({ id, ok: true, value: await handle(job) });
      } catch (error) {
        port.postMessage({
          id,
          ok: false,
          detail: (error instanceof Error ? error.message : String(error)).slice(0, 200),
        });
      }
    })();
  });
  port.postMessage({ ready: true });
}
