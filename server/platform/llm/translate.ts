import { ErrorCode, type Language } from '../../../contract/api.ts';
import { AppError } from '../errors.ts';
import { hitAll } from '../rateLimit.ts';
import type { Services } from '../services.ts';
import { RATES, limit, llmLimits } from '../limits.ts';

/** Translation waits this long for the LLM (the browser gives every call 60 s, spec §7). */
export const TRANSLATE_DEADLINE_MS = 45_000;

const TARGET_NAMES = { zh: 'Simplified Chinese', en: 'English' } as const;

const translatePrompt = (target: string) =>
  `Translate the text the user sends into ${target}.
Keep its meaning, tone, paragraphs and line breaks. Keep names, email addresses, URLs, numbers and placeholders such as {name} unchanged.
Reply with the translation only: no quotes, notes or explanations. Text already in ${target} comes back unchanged.`;

/**
 * Translates `text` with the LLM (callers check `services.llm` first), counted against the user's
 * translate limit and LLM budget before any call; `signal` is the caller leaving.
 */
export async function translate(
  services: Services,
  userId: number,
  { text, target }: { text: string; target: Language },
  signal: AbortSignal,
): Promise<{ text: string }> {
  const llm = services.llm!;
  await hitAll(services, [limit(RATES.translatePerUser, `translate:user:${userId}`), ...llmLimits(userId)]);
  let translated: string;
  try {
    translated = await llm.complete({
      messages: [
        { role: 'system', content: translatePrompt(TARGET_NAMES[target]) },
        { role: 'user', content: text },
      ],
      temperature: 0.2,
      // The caller leaving ends the call; so does the deadline.
      signal: AbortSignal.any([signal, AbortSignal.timeout(TRANSLATE_DEADLINE_MS)]),
    });
  } catch {
    // createLlm logged the reason; the caller gets a clear, localized refusal.
    throw new AppError(ErrorCode.INTERNAL, 'translateFailed');
  }
  return { text: translated.trim() };
}
