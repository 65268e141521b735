import { atom, type ReadableAtom } from 'nanostores';
import { POPUP_ANIMATION_MS } from './constants.ts';

export type PopupPhase = 'closed' | 'opening' | 'open' | 'closing';

let scrollLocks = 0;
/** Locks body scroll while any popup is open (spec §2), nesting safely. */
export function lockScroll(): void {
  scrollLocks++;
  globalThis.document?.documentElement.classList.add('scroll-locked');
}
/** Releases one lock; scrolling returns when the last popup closes. */
export function unlockScroll(): void {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks === 0) globalThis.document?.documentElement.classList.remove('scroll-locked');
}

export interface PopupOptions {
  /** Whether a click on the overlay closes it (spec §2 "if allowed"); default true. */
  closeOnOverlay?: boolean;
  onClose?: () => void;
}

export interface PopupController {
  $phase: ReadableAtom<PopupPhase>;
  open(): void;
  close(): void;
  overlayClick(): void;
  keydown(event: { key: string }): void;
}

/**
 * Spec §2 popups: close on Escape, on overlay click (if allowed) or the close button; the animation
 * takes 500 ms; body scroll is locked while open. Framework-free; islands/ui/Popup renders it.
 */
export function createPopup(options: PopupOptions = {}): PopupController {
  const $phase = atom<PopupPhase>('closed');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const after = (phase: PopupPhase, then?: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      $phase.set(phase);
      then?.();
    }, POPUP_ANIMATION_MS);
  };
  const controller: PopupController = {
    $phase,
    open() {
      const phase = $phase.get();
      if (phase === 'open' || phase === 'opening') return;
      if (phase === 'closed') lockScroll();
      $phase.set('opening');
      after('open');
    },
    close() {
      const phase = $phase.get();
      if (phase === 'closed' || phase === 'closing') return;
      $phase.set('closing');
      after('closed', () => {
        unlockScroll();
        options.onClose?.();
      });
    },
    overlayClick() {
      if (options.closeOnOverlay !== false) controller.close();
    },
    keydown(event) {
      if (event.key === 'Escape') controller.close();
    },
  };
  return controller;
}
