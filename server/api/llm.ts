import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { translate } from '../platform/llm/translate.ts';
import { translateRequest } from '../../contract/schemas.ts';
import { ok, requireUser, valid, type ApiEnv } from './context.ts';

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
  valid('json', translateRequest),
  async (c) =>
    ok(c, await translate(c.get('services'), c.get('user').id, c.req.valid('json'), c.req.raw.signal)),
);
