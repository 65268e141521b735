import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../errors.ts';
import { languageFromHeader, message, type Lang, type MessageKey } from '../i18n.ts';
import type { Services } from '../services/context.ts';
import { userForToken } from '../services/sessions.ts';
import type { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** What middleware hands to handlers. */
export interface ApiEnv {
  Variables: {
    services: Services;
    lang: Lang;
    ip: string;
    user: UserRow;
    sessionId: number;
  };
}

/** A success envelope (spec §7: code 0). */
export function ok<T>(c: Context<ApiEnv>, data: T) {
  return c.json({ code: 0, msg: message(c.get('lang'), 'ok'), data });
}

/** Per request: the services, the caller's language (Accept-Language until the user is known), the IP. */
export function requestContext(services: Services, trustProxy: boolean) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    c.set('services', services);
    c.set('lang', languageFromHeader(c.req.header('accept-language')));
    let ip = 'unknown';
    const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    if (forwarded) ip = forwarded;
    else {
      try {
        ip = getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        // app.request() in tests has no socket.
      }
    }
    c.set('ip', ip);
    await next();
  });
}

/** Requires a valid `token` header (spec §3); the user's saved language wins from here on. */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const found = await userForToken(c.get('services'), c.req.header('token'));
  if (!found) throw new AppError(ErrorCode.TOKEN_INVALID, 'tokenInvalid');
  c.set('user', found.user);
  c.set('sessionId', found.sessionId);
  c.set('lang', found.user.language === 'en' ? 'en' : 'zh');
  await next();
});

/** Agents only (spec §6: is_agent equal to 1). */
export const requireAgent = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.get('user').isAgent !== 1) throw new AppError(ErrorCode.AGENT_ONLY, 'agentOnly');
  await next();
});

/** Field-specific messages for the fields users type. */
const FIELD_MESSAGES: Record<string, MessageKey> = {
  email: 'emailInvalid',
  password: 'passwordRules',
  prefix: 'prefixInvalid',
  quantity: 'quantityInvalid',
  code: 'codeRequired',
  invitation_code: 'invitationInvalid',
};

/** Whether a parsed value holds a NUL character anywhere (PostgreSQL text cannot store one). */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
}

/** zod at the edge: a failure answers 40001 naming the field, in the caller's language. */
export function valid<T extends ZodType, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      const field = String(unknownKey ?? issue?.path[0] ?? 'body');
      // Own keys only: an unknown field named `constructor` or `__proto__` must not find Object.prototype's.
      const key =
        (Object.hasOwn(FIELD_MESSAGES, field) ? FIELD_MESSAGES[field] : undefined) ?? 'invalidField';
      throw new AppError(ErrorCode.VALIDATION, key, { field }, { field });
    }
    // A NUL would reach the database and fail there (a 500): refuse it here, naming the field.
    const data = result.data as Record<string, unknown> | null;
    const field =
      data && typeof data === 'object' ? Object.keys(data).find((k) => hasNul(data[k])) : undefined;
    if (field) throw new AppError(ErrorCode.VALIDATION, 'invalidField', { field }, { field });
  });
}
