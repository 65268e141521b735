import type { Locale } from './locales.ts';
import { zh, type UIDictionary } from './ui/zh.ts';
import { en } from './ui/en.ts';

/**
 * Every locale's strings, for pages built on the server, the server itself and tests.
 * Browser builds get `dictionaries.client.ts` instead (astro.config.mjs swaps it), which reads the
 * page's one locale from the JSON `UiStrings.astro` prints on app pages, or loads that locale's own
 * chunk on content pages, so islands never download both.
 */
export const dictionaries: Partial<Record<Locale, UIDictionary>> = { zh, en };
