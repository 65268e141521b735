/** From this window width the chat history is a column beside the conversation (chat.css matches). */
export const HISTORY_COLUMN_MIN_WIDTH = 1100;

import type { ChatTranscriptMessage, SearchUnderstood } from '../../contract/api.ts';
import type { Translate } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { countryInSentence, inSentence } from './leadText.ts';

/**
 * The "looking for" line of an answer: the server's, except for a sentence that named no product,
 * where it read "buyers of  in Germany" (issue 35); that one is said here, where it is looked for.
 * @example understoodLine(t, { products: [], countries: [{ code: 'DE', name: 'Germany' }], … }, 'en') // 'Looking for buyers in Germany'
 */
export function understoodLine(t: Translate, understood: SearchUnderstood, locale: Locale): string {
  if (understood.products.length > 0) return understood.text;
  const role = t(understood.criteria.role === 'supplier' ? 'chat.suppliers' : 'chat.buyers');
  const inRegions = new Set(understood.regions.flatMap((r) => r.countries));
  const places = [
    ...understood.regions.map((r) => r.name),
    ...understood.countries.filter((c) => !inRegions.has(c.code)).map((c) => countryInSentence(c, locale)),
  ];
  return places.length
    ? t('chat.lookingNoProduct', { role, where: inSentence(places, locale) })
    : t('chat.lookingNoProductAnywhere', { role });
}

/**
 * A reopened conversation as the chat page shows it: each question with the answer that
 * followed it (none when the answer was never stored, e.g. the search was refused).
 */
export function pairTranscript(
  messages: ChatTranscriptMessage[],
): { query: string; answer: ChatTranscriptMessage | null }[] {
  const turns: { query: string; answer: ChatTranscriptMessage | null }[] = [];
  for (const message of messages) {
    if (message.role === 'user') turns.push({ query: message.content, answer: null });
    else if (turns.length > 0 && turns.at(-1)!.answer === null) turns.at(-1)!.answer = message;
  }
  return turns;
}

/**
 * The option a suggestion list moves to with the arrow keys: down from "none" is the first,
 * up from "none" the last, and moving past either end comes back to "none" (-1), so the user
 * can return to what they typed.
 */
export function nextOption(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  const next = current + step;
  return next < 0 || next >= count ? -1 : next;
}
