import type { Locale } from './locales.ts';
import { zh, type UIDictionary } from './ui/zh.ts';
import { en } from './ui/en.ts';

/**
 * Every locale's strings, for pages built on the server, the server itself and tests.
 * Browser builds get `dictionaries.client.ts` instead (astro.config.mjs swaps it), which reads
 * the page's one locale from the JSON that `UiStrings.astro` prints, so islands never download both.
 */
export const dictionaries: Partial<Record<Locale, UIDictionary>> = { zh, en };
