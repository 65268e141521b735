import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Hydrates on the first interaction anywhere on the page. A click that lands on the island
 * before React is ready is held and replayed once hydrated, so it is never lost.
 */
const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let heldClick: HTMLElement | null = null;
  const holdClick = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    heldClick = event.target instanceof HTMLElement ? event.target : null;
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) window.removeEventListener(type, start, true);
    el.addEventListener('click', holdClick, true);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', holdClick, true);
    if (heldClick?.isConnected) heldClick.click();
  };
  for (const type of TRIGGERS) window.addEventListener(type, start, { capture: true, passive: true });
};

export default interaction;
