import { useCallback, useMemo, useRef, useState } from 'react';
import { debounceAction } from '../../lib/debounce.ts';

/**
 * A button action that is busy while its request runs and ignores repeats for 300 ms (spec §9),
 * so a double click never sends twice.
 */
export function useAction<A extends unknown[]>(run: (...args: A) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef(run);
  latest.current = run;
  const start = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await latest.current(...args);
    } catch {
      // The API client has shown the error; the form shows field errors itself.
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const trigger = useMemo(() => debounceAction((...args: A) => void start(...args)), [start]);
  return { busy, trigger };
}
