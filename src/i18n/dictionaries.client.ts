import { isLocale, type Locale } from './locales.ts';
import type { UIDictionary } from './ui/zh.ts';

/** The element id of the page's strings, printed on app pages only (src/components/UiStrings.astro). */
export const UI_STRINGS_ID = 'ui-strings';

/**
 * Each locale's strings as their own chunk: Vite hashes them, so they are cached immutably and a
 * content page downloads its one locale only when an island first loads (issue 17).
 */
const LOADERS: Record<Locale, () => Promise<UIDictionary>> = {
  zh: () => import('./ui/zh.ts').then((m) => m.zh),
  en: () => import('./ui/en.ts').then((m) => m.en),
};

/** The page's locale: the inline strings' tag on app pages, else `<html lang>` (zh-CN or en). */
function pageLocale(node: HTMLElement | null): Locale {
  const tagged = node?.dataset.locale;
  if (isLocale(tagged)) return tagged;
  return globalThis.document?.documentElement.lang === 'en' ? 'en' : 'zh';
}

async function readPageStrings(): Promise<Partial<Record<Locale, UIDictionary>>> {
  if (!globalThis.document) return {};
  const node = document.getElementById(UI_STRINGS_ID);
  const locale = pageLocale(node);
  // App pages hydrate on load: their strings are inline so the islands wait for no extra request.
  if (node?.textContent) return { [locale]: JSON.parse(node.textContent) as UIDictionary };
  return { [locale]: await LOADERS[locale]() };
}

/**
 * Browser build of `dictionaries.ts`: only the page's locale. Top-level await: an island's module
 * graph finishes evaluating only once the strings are here, so `useTranslations` stays synchronous.
 */
export const dictionaries: Partial<Record<Locale, UIDictionary>> = await readPageStrings();
