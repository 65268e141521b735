/**
 * A remembered answer per key, for pure functions an import calls with the same text on thousands
 * of rows (a company's name, a country, a record's category). At most `limit` answers are kept;
 * when full, the memory starts again, so a long-running server never grows with what it read.
 * @example const lengths = boundedCache<number>(); lengths('abc', () => 'abc'.length) // 3
 */
export function boundedCache<T>(limit = 100_000): (key: string, compute: () => T) => T {
  const memory = new Map<string, T>();
  return (key, compute) => {
    if (memory.has(key)) return memory.get(key)!;
    if (memory.size >= limit) memory.clear();
    const value = compute();
    memory.set(key, value);
    return value;
  };
}
