import { atom } from 'nanostores';
import { DEFAULT_TOAST_MS } from './constants.ts';

export type ToastKind = 'success' | 'error' | 'info' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it hides itself; 0 for a loading toast, which stays until hidden. */
  duration: number;
}

/** The toasts on screen, oldest first (rendered by islands/ui/Toaster). */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a toast (spec §4 "Toast"): auto-hidden after its duration (1500 ms by default);
 * a loading toast stays until `hideToast`. Returns its id.
 * @example const id = showToast('加载中…', { kind: 'loading' }); …; hideToast(id);
 */
export function showToast(message: string, options: { kind?: ToastKind; duration?: number } = {}): number {
  const kind = options.kind ?? 'info';
  const duration = kind === 'loading' ? 0 : (options.duration ?? DEFAULT_TOAST_MS);
  const toast: Toast = { id: nextId++, kind, message, duration };
  $toasts.set([...$toasts.get(), toast]);
  if (duration > 0)
    timers.set(
      toast.id,
      setTimeout(() => hideToast(toast.id), duration),
    );
  return toast.id;
}

/** Hides one toast now. */
export function hideToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
