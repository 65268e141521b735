import { existsSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';

/**
 * The operator's way into a running server that holds the embedded database (issue 32, item 4).
 * The embedded database serves one process at a time, so `npm run leads:import` and `npm run codes`
 * cannot open it while `npm start` runs. Instead they hand their work to the server over a Unix
 * socket in the data directory (`DATA_DIR/operator.sock`), which only this OS user can open (the same
 * trust as the data directory itself), and print what the server answers. Nothing listens on a
 * network port; with PostgreSQL (`DATABASE_URL`) the commands open the database themselves.
 */

/** The socket of the server holding the embedded database under `dataDir` (config DATA_DIR). */
export const operatorSocket = (dataDir: string) => resolve(dataDir, 'operator.sock');

/** The longest request an operator sends (a file's rows as JSON): a 1,000,000-row export fits. */
export const MAX_OPERATOR_BYTES = 512 * 1024 * 1024;

/** What the server does for the operator, by name: its answer is sent back as JSON. */
export type OperatorTasks = Record<string, (body: unknown) => Promise<unknown>>;

/** A task refused with a message for the operator (a file the importer refuses whole). */
export class OperatorRefused extends Error {}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_OPERATOR_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Listens on `path` for the operator's tasks (POST /<task> with a JSON body). A socket left by a
 * server that stopped without closing it is replaced: the data directory's lock already says no
 * other server holds it. Returns how to stop listening: tasks under way are finished first (an
 * import is not cut off half-written), and the socket file goes.
 */
export async function listenForOperator(path: string, tasks: OperatorTasks): Promise<() => Promise<void>> {
  if (existsSync(path)) rmSync(path, { force: true });
  const running = new Set<Promise<unknown>>();
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const task = Object.hasOwn(tasks, req.url?.slice(1) ?? '') ? tasks[req.url!.slice(1)]! : null;
    if (req.method !== 'POST' || !task) return answer(404, { error: `no task ${req.method} ${req.url}` });
    const text = await readBody(req);
    if (text === null) return answer(413, { error: `more than ${MAX_OPERATOR_BYTES} bytes` });
    const work = Promise.resolve().then(() => task(JSON.parse(text)));
    running.add(work);
    try {
      answer(200, { result: await work });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      answer(error instanceof OperatorRefused ? 422 : 500, { error: message });
    } finally {
      running.delete(work);
    }
  });
  // Created readable and writable by this user only, from the start.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, () => done());
    });
  } finally {
    process.umask(umask);
  }
  return async () => {
    const closed = new Promise<void>((done) => server.close(() => done()));
    await Promise.allSettled([...running]);
    server.closeAllConnections();
    await closed;
  };
}

/**
 * Sends a task to the server listening on `path`: its result, or an OperatorRefused with the
 * server's message.
 */
export function callOperator(path: string, task: string, body: unknown): Promise<unknown> {
  return new Promise((done, fail) => {
    const req = request(
      { socketPath: path, method: 'POST', path: `/${task}`, headers: { 'content-type': 'application/json' } },
      async (res) => {
        const text = (await readBody(res)) ?? '';
        let parsed: { result?: unknown; error?: string };
        try {
          parsed = JSON.parse(text) as typeof parsed;
        } catch {
          return fail(new OperatorRefused(`the server answered ${res.statusCode}: ${text.slice(0, 200)}`));
        }
        if (res.statusCode === 200) done(parsed.result);
        else fail(new OperatorRefused(parsed.error ?? `the server answered ${res.statusCode}`));
      },
    );
    req.once('error', fail);
    req.end(JSON.stringify(body));
  });
}
