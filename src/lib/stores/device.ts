import { atom, computed, onMount } from 'nanostores';
import { MOBILE_THRESHOLD } from '../constants.ts';
import { throttle } from '../debounce.ts';

/** Spec §3 "Device store": deviceId (made and persisted with the session), windowWidth, isMobile. */
export { $deviceId } from './session.ts';

/** The window width, undefined before the first measurement. */
export const $windowWidth = atom<number | undefined>(undefined);
/** Spec §2: true below 1024 px, and true before the first measurement. */
export const $isMobile = computed($windowWidth, (width) => width === undefined || width < MOBILE_THRESHOLD);

/** Measures `win` now and on resize, throttled to 50 ms (spec §9); returns the unsubscribe. */
export function watchWindow(win: {
  innerWidth: number;
  addEventListener(type: 'resize', listener: () => void): void;
  removeEventListener(type: 'resize', listener: () => void): void;
}) {
  const measure = throttle(() => $windowWidth.set(win.innerWidth));
  $windowWidth.set(win.innerWidth);
  win.addEventListener('resize', measure);
  return () => win.removeEventListener('resize', measure);
}

// Measuring starts when a component first listens and stops when the last one leaves.
onMount($windowWidth, () => (typeof window === 'undefined' ? undefined : watchWindow(window)));
