import { isLocale, type Locale } from './locales.ts';
import type { UIDictionary } from './ui/zh.ts';

/** The element id of the page's strings (src/components/UiStrings.astro). */
export const UI_STRINGS_ID = 'ui-strings';

function readPageStrings(): Partial<Record<Locale, UIDictionary>> {
  const node = globalThis.document?.getElementById(UI_STRINGS_ID);
  const locale = node?.dataset.locale;
  if (!node?.textContent || !isLocale(locale)) return {};
  return { [locale]: JSON.parse(node.textContent) as UIDictionary };
}

/** Browser build of `dictionaries.ts`: only the page's locale, read from the page. */
export const dictionaries: Partial<Record<Locale, UIDictionary>> = readPageStrings();
