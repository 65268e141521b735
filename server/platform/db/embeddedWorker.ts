/**
 * The embedded PGlite on a thread of its own (server/platform/db/embedded.ts): a statement runs
 * here, so the server's event loop goes on answering (and refusing as busy) while it does. Runs
 * what the main thread sends, one message at a time, in the order sent; the main thread's queue
 * decides that order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
// pg_trgm: migration 0001 creates the extension (its trigram index is gone since 0015).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromWorker, ToWorker, WorkerInit } from './embedded.ts';

const port = parentPort!;
const init = workerData as WorkerInit;

/** A driver error as plain fields (SQLSTATE, constraint…), so the main thread can rebuild it. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const key of [
    'code',
    'severity',
    'detail',
    'hint',
    'position',
    'where',
    'schema',
    'table',
    'column',
    'dataType',
    'constraint',
    'routine',
  ]) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let pg: PGlite;
try {
  pg = new PGlite({
    ...(init.dataDir ? { dataDir: init.dataDir } : {}),
    ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {}),
    extensions: { pg_trgm },
  });
  await pg.waitReady;
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', error: plain(error) });
  process.exit(1);
}

const listening = new Map<string, () => Promise<void>>();

port.on('message', (message: ToWorker) => {
  void answer(message);
});

async function answer(message: ToWorker): Promise<void> {
  try {
    switch (message.op) {
      case 'query': {
        const options: QueryOptions = {};
        if (message.rowMode) options.rowMode = message.rowMode;
        // Types the caller reads as the database's text (Drizzle: dates and intervals).
        if (message.asText?.length)
          options.parsers = Object.fromEntries(message.asText.map((oid) => [oid, (value: string) => value]));
        const result = await pg.query(message.text, message.params, options);
        send({
          kind: 'result',
          id: message.id,
          result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
        });
        return;
      }
      case 'exec': {
        const results = await pg.exec(message.text);
        send({
          kind: 'result',
          id: message.id,
          result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
        });
        return;
      }
      case 'listen': {
        if (!listening.has(message.channel))
          listening.set(
            message.channel,
            await pg.listen(message.channel, (payload) =>
              send({ kind: 'notify', channel: message.channel, payload }),
            ),
          );
        send({ kind: 'result', id: message.id, result: null });
        return;
      }
      case 'unlisten': {
        await listening.get(message.channel)?.();
        listening.delete(message.channel);
        send({ kind: 'result', id: message.id, result: null });
        return;
      }
      case 'dump': {
        const file = await pg.dumpDataDir(message.compression);
        const bytes = await file.arrayBuffer();
        send({ kind: 'result', id: message.id, result: bytes }, [bytes]);
        return;
      }
      case 'close': {
        await pg.close();
        send({ kind: 'result', id: message.id, result: null });
        return;
      }
    }
  } catch (error) {
    send({ kind: 'error', id: message.id, error: plain(error) });
  }
}
