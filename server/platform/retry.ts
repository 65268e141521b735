/**
 * Runs `task` until it succeeds, waiting `delaysMs[n]` after its (n+1)-th failure; once the waits
 * run out, the last error is thrown. `onRetry` hears each failure that will be tried again (1 for
 * the first). The waits do not keep the process alive.
 * @example await withRetries(() => record(row), [250, 500]) // at most 3 tries, 750 ms of waiting
 */
export async function withRetries<T>(
  task: () => Promise<T>,
  delaysMs: readonly number[],
  onRetry: (error: unknown, attempt: number) => void = () => {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined) throw error;
      onRetry(error, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }
}
