import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { DatabaseQueue, type QueueOptions } from './queue.ts';

/** What opens the worker's PGlite: a data directory on disk, or a dump to start an in-memory one from. */
export interface WorkerInit {
  dataDir?: string | undefined;
  loadDataDir?: ArrayBuffer | undefined;
}

type Row = Record<string, unknown> | unknown[];
type Plain = {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number | undefined;
};

/** What the worker is asked to do (server/platform/db/embeddedWorker.ts). */
type Op =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object' | undefined;
      /** Type OIDs returned as the database's text. */
      asText?: number[] | undefined;
    }
  | { op: 'exec'; text: string }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump'; compression: 'auto' | 'gzip' | 'none' }
  | { op: 'close' };

/** Messages to the worker. */
export type ToWorker = Op & { id: number };

/** Messages from the worker. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: Record<string, unknown> }
  | { kind: 'notify'; channel: string; payload: string };

/** How statements reach PGlite: on this thread, or on a worker thread of their own. */
interface Backend {
  query(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Plain>;
  exec(text: string): Promise<Plain[]>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dump(compression: 'auto' | 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
}

/** PGlite on this thread (tests' in-memory databases): a statement blocks the event loop while it runs. */
function sameThread(pg: PGlite): Backend {
  return {
    query: (text, params, options) => pg.query(text, params, options) as Promise<Plain>,
    exec: (text) => pg.exec(text) as Promise<Plain[]>,
    listen: (channel, callback) => pg.listen(channel, callback),
    dump: (compression) => pg.dumpDataDir(compression),
    close: () => pg.close(),
  };
}

/** The driver error a worker reported, rebuilt with its fields (SQLSTATE in `code`, constraint…). */
function rebuilt(fields: Record<string, unknown>): Error {
  const { message, name, ...rest } = fields;
  const error = new Error(String(message));
  if (typeof name === 'string') error.name = name;
  return Object.assign(error, rest);
}

/** Type OIDs whose parser hands back the text unchanged (what Drizzle asks for dates); others are refused. */
function textTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = '2026-01-01 00:00:00+00';
    if (parse(probe, Number(oid)) !== probe)
      throw new Error(`the embedded database's thread cannot run a custom parser (type ${oid})`);
    return Number(oid);
  });
}

/** PGlite on a worker thread: statements run there, the event loop stays free. */
async function workerThread(init: WorkerInit): Promise<Backend> {
  const worker = new Worker(new URL('./embeddedWorker.ts', import.meta.url), {
    workerData: init,
    transferList: init.loadDataDir ? [init.loadDataDir] : [],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let stopped: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'ready') resolve();
      else if (message.kind === 'failed') reject(rebuilt(message.error));
      else if (message.kind === 'notify')
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
      else {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.kind === 'result') call?.resolve(message.result);
        else call?.reject(rebuilt(message.error));
      }
    });
    const stop = (error: Error) => {
      stopped = error;
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on('error', (error) => {
      console.error(`[db] the embedded database's thread failed: ${error.message}`);
      stop(error);
    });
    worker.on('exit', (code) => stop(new Error(`the embedded database's thread exited (${code})`)));
  });
  await ready;
  const call = <T>(message: Op): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  return {
    query: (text, params, options) =>
      call<Plain>({
        op: 'query',
        text,
        params,
        rowMode: options?.rowMode,
        asText: textTypes(options?.parsers),
      }),
    exec: (text) => call<Plain[]>({ op: 'exec', text }),
    async listen(channel, callback) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(callback);
      await call({ op: 'listen', channel });
      return async () => {
        set.delete(callback);
        if (set.size === 0 && !stopped) await call({ op: 'unlisten', channel });
      };
    },
    dump: async (compression) => new Blob([await call<ArrayBuffer>({ op: 'dump', compression })]),
    async close() {
      if (!stopped) await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** A transaction's handle, as Drizzle's PGlite driver uses it. */
interface TransactionClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The embedded database as Drizzle's PGlite driver and pg-boss's PGlite adapter use it (query,
 * exec, transaction, listen), with every operation taking its turn in a DatabaseQueue: a
 * transaction holds the database from BEGIN to COMMIT, as it does inside PGlite.
 */
export class EmbeddedClient {
  readonly queue: DatabaseQueue;
  private readonly backend: Backend;
  /** Whether statements run on a thread of their own. */
  readonly threaded: boolean;

  private constructor(backend: Backend, threaded: boolean, queue: QueueOptions | undefined) {
    this.backend = backend;
    this.threaded = threaded;
    this.queue = new DatabaseQueue(queue);
  }

  /** PGlite on a worker thread (the server), or on this thread (`thread: false`: tests' in-memory databases). */
  static async open(init: WorkerInit & { thread: boolean }, queue?: QueueOptions): Promise<EmbeddedClient> {
    if (init.thread) return new EmbeddedClient(await workerThread(init), true, queue);
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: migration 0001 creates the extension (its trigram index is gone since 0015).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pg = new PGlite({
      ...(init.dataDir ? { dataDir: init.dataDir } : {}),
      ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {}),
      extensions: { pg_trgm },
    });
    await pg.waitReady;
    return new EmbeddedClient(sameThread(pg), false, queue);
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.queue.run(() => this.backend.query(text, params, options)) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.queue.run(() => this.backend.exec(text)) as Promise<Results[]>;
  }

  /** BEGIN, `work` with the transaction's handle, COMMIT (ROLLBACK when it throws), in one turn. */
  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      await this.backend.exec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: TransactionClient = {
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          open();
          return (await this.backend.query(text, params, options)) as Results<R>;
        },
        exec: async (text: string) => {
          open();
          return (await this.backend.exec(text)) as Results[];
        },
        rollback: async () => {
          open();
          await this.backend.exec('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await work(tx);
        if (!closed) await this.backend.exec('COMMIT');
        closed = true;
        return result;
      } catch (error) {
        if (!closed) await this.backend.exec('ROLLBACK').catch(() => undefined);
        closed = true;
        throw error;
      }
    });
  }

  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    return this.queue.run(async () => {
      const unlisten = await this.backend.listen(channel, callback);
      return () => this.queue.run(unlisten);
    });
  }

  /** The data directory as a tar (tests make their template database with it). */
  dumpDataDir(compression: 'auto' | 'gzip' | 'none' = 'auto'): Promise<Blob> {
    return this.queue.run(() => this.backend.dump(compression));
  }

  close(): Promise<void> {
    return this.queue.run(() => this.backend.close());
  }
}
