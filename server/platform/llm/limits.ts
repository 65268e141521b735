import type { Limit } from '../rateLimit.ts';

/** LLM calls one user may start per minute (drafts and translations share it). */
export const LLM_CALLS_PER_MINUTE = 30;
/** LLM calls one user may start per day (drafts and translations share it). */
export const LLM_CALLS_PER_DAY = 300;

/**
 * The per-user budget of the LLM-backed calls (POST /outreach/generate, POST /translate), hit
 * before any LLM call so a refused request costs nothing.
 */
export function llmLimits(userId: number): Limit[] {
  return [
    { key: `llm:user:${userId}`, max: LLM_CALLS_PER_MINUTE, windowSeconds: 60 },
    { key: `llm:user-day:${userId}`, max: LLM_CALLS_PER_DAY, windowSeconds: 24 * 60 * 60 },
  ];
}
