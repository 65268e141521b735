/** From this window width the chat history is a column beside the conversation (chat.css matches). */
export const HISTORY_COLUMN_MIN_WIDTH = 1100;

import type { ChatTranscriptMessage } from '../../contract/api.ts';

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
