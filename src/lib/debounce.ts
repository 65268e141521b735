import { BUTTON_DEBOUNCE_MS, RESIZE_THROTTLE_MS } from './constants.ts';

/**
 * A button action debounced by 300 ms (spec §9): clicks in quick succession collapse into one
 * action, run 300 ms after the last click, with the last click's arguments.
 * @example const onSubmit = debounceAction(() => login(form));
 */
export function debounceAction<A extends unknown[]>(fn: (...args: A) => void, wait = BUTTON_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A): void => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
}

/**
 * Runs `fn` at most once per `wait` ms, always with the latest arguments (spec §9 resize throttle 50 ms).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait = RESIZE_THROTTLE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  let last = -Infinity;
  return (...args: A): void => {
    const now = Date.now();
    if (now - last >= wait) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        last = Date.now();
        if (pending) fn(...pending);
        pending = undefined;
      },
      wait - (now - last),
    );
  };
}
