/**
 * Work a request goes on with after its answer started: a search keeps streaming (and finding,
 * recording, giving a search back) even when the client has gone. A shutdown waits for it before
 * it closes the database (server/start.ts), so none of it fails half way.
 */
const running = new Set<Promise<unknown>>();

/** Runs `work` as tracked work; its result is passed on. */
export function tracked<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  running.add(settled);
  void settled.then(() => running.delete(settled));
  return work;
}

/** How much tracked work is running. */
export const trackedCount = () => running.size;

/** Resolves when every tracked work has ended, or after `timeoutMs`. */
export async function trackedSettled(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (running.size > 0 && Date.now() < deadline)
    await Promise.race([
      Promise.all(running),
      new Promise((resolve) => setTimeout(resolve, Math.max(1, deadline - Date.now())).unref()),
    ]);
}
