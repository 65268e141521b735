import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { hitAll } from '../platform/rateLimit.ts';
import { llmLimits } from '../platform/llm/limits.ts';
import { language } from '../../contract/schemas.ts';
import { ok, requireUser, valid, type ApiEnv } from './context.ts';

/** Translation waits this long for the LLM (the browser gives every call 60 s, spec §7). */
export const TRANSLATE_DEADLINE_MS = 45_000;

const TARGET_NAMES = { zh: 'Simplified Chinese', en: 'English' } as const;

const translatePrompt = (target: string) =>
  `Translate the text the user sends into ${target}.
Keep its meaning, tone, paragraphs and line breaks. Keep names, email addresses, URLs, numbers and placeholders such as {name} unchanged.
Reply with the translation only: no quotes, notes or explanations. Text already in ${target} comes back unchanged.`;

/** Calls that need the LLM answer 50300 without one (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
const requireLlm = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.get('services').llm) throw new AppError(ErrorCode.FEATURE_DISABLED, 'translateNeedsLlm');
  await next();
});

/** Calls served by the LLM (spec §7 /translate). */
export const llmApi = new Hono<ApiEnv>().post(
  '/translate',
  requireUser,
  requireLlm,
  valid('json', z.strictObject({ text: z.string().trim().min(1).max(10_000), target: language })),
  async (c) => {
    const services = c.get('services');
    const llm = services.llm!;
    const user = c.get('user');
    await hitAll(services, [
      { key: `translate:user:${user.id}`, max: 20, windowSeconds: 60 },
      ...llmLimits(user.id),
    ]);
    const { text, target } = c.req.valid('json');
    let translated: string;
    try {
      translated = await llm.complete({
        messages: [
          { role: 'system', content: translatePrompt(TARGET_NAMES[target]) },
          { role: 'user', content: text },
        ],
        temperature: 0.2,
        // The caller leaving ends the call; so does the deadline.
        signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(TRANSLATE_DEADLINE_MS)]),
      });
    } catch {
      // createLlm logged the reason; the caller gets a clear, localized refusal.
      throw new AppError(ErrorCode.INTERNAL, 'translateFailed');
    }
    return ok(c, { text: translated.trim() });
  },
);
