import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** One load per stylesheet however many islands ask for it. */
const sheets = new Map<string, Promise<unknown>>();

/** Links a stylesheet (once) and resolves when it applies; a failed load does not block hydration. */
function loadStylesheet(href: string): Promise<unknown> {
  let loaded = sheets.get(href);
  if (!loaded) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    loaded = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    document.head.append(link);
    sheets.set(href, loaded);
  }
  return loaded;
}

/**
 * Hydrates on the first interaction anywhere on the page. A click that lands on the island
 * before React is ready is held and replayed once hydrated, so it is never lost.
 * `client:interaction="/_astro/x.css"` names the stylesheet the island needs once mounted: it is
 * fetched with the island's code, never on page load (issue 17: nothing render-blocking).
 */
const interaction: ClientDirective = (load, options, el) => {
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
    const styles = typeof options.value === 'string' ? loadStylesheet(options.value) : undefined;
    const [hydrate] = await Promise.all([load(), styles]);
    await hydrate();
    el.removeEventListener('click', holdClick, true);
    if (heldClick?.isConnected) heldClick.click();
  };
  for (const type of TRIGGERS) window.addEventListener(type, start, { capture: true, passive: true });
};

export default interaction;
