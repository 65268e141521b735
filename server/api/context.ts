import { isIP } from 'node:net';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { languageFromHeader, message, type Lang, type MessageKey } from '../i18n.ts';
import type { Services } from '../platform/services.ts';
import { TIME_ZONE_HEADER, inTimeZone, validTimeZone } from '../platform/timeZone.ts';
import { NEW_TOKEN_HEADER, userForToken, type UserRow } from '../accounts/sessions.ts';

/** What middleware hands to handlers. */
export interface ApiEnv {
  Variables: {
    services: Services;
    lang: Lang;
    /** The client address as rate limits count it (addressKey: IPv6 by /64). */
    ip: string;
    user: UserRow;
    sessionId: number;
  };
}

/** A success envelope (spec §7: code 0). */
export function ok<T>(c: Context<ApiEnv>, data: T) {
  return c.json({ code: 0, msg: message(c.get('lang'), 'ok'), data });
}

/** An address without its `%zone` (a scan, not a pattern: the header's length is the client's). */
const withoutZone = (address: string) => {
  const at = address.indexOf('%');
  return at < 0 ? address : address.slice(0, at);
};

/** The 8 16-bit groups of an IPv6 address (`::`, an embedded IPv4 tail and a `%zone` allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = withoutZone(address);
  // An embedded IPv4 tail ("::ffff:1.2.3.4"): what follows the last colon.
  const last = text.slice(text.lastIndexOf(':') + 1);
  const v4 = /^\d+\.\d+\.\d+\.\d+$/.test(last) ? last : null;
  if (v4) {
    if (isIP(v4) !== 4) return null;
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':') : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The key rate limits count a client address under: IPv4 as is (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), IPv6 by its /64 (one subscriber holds a whole /64), anything else `unknown`.
 */
export function addressKey(address: string | undefined): string {
  const bare = address
    ?.trim()
    .replace(/^\[(.*)\](?::\d+)?$/, '$1')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  if (!bare) return 'unknown';
  if (isIP(bare) === 4) return bare;
  const groups = isIP(withoutZone(bare)) === 6 ? ipv6Groups(bare) : null;
  if (!groups) return 'unknown';
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address: with `hops` trusted proxies in front, the entry the outermost one appended
 * to X-Forwarded-For (`hops` from the right; entries left of it are the client's own words), else
 * the socket's peer.
 */
export function clientAddress(
  socket: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string | undefined {
  if (hops < 1 || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than hops: every entry was written by one of our proxies; the leftmost is nearest the client.
  return chain.length ? chain[Math.max(0, chain.length - hops)] : socket;
}

/**
 * Per request: the services, the caller's language (Accept-Language until the user is known), the
 * IP, and the caller's time zone (X-Time-Zone) for the texts that name a time.
 */
export function requestContext(services: Services, trustProxyHops: number) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    c.set('services', services);
    c.set('lang', languageFromHeader(c.req.header('accept-language')));
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      // app.request() in tests has no socket.
    }
    c.set('ip', addressKey(clientAddress(socket, c.req.header('x-forwarded-for'), trustProxyHops)));
    // The texts naming the daily reset say it on the caller's clock (server/i18n.ts resetPhrase).
    await inTimeZone(validTimeZone(c.req.header(TIME_ZONE_HEADER)), next);
  });
}

/**
 * Requires a valid `token` header (spec §3). Texts follow the page the request comes from (its
 * Accept-Language, which the site's client always sends); a caller that sends none gets the
 * account's saved language. When this request replaced the session's token, the answer carries the
 * new one in the `New-Token` header, whatever the answer is (docs/api.md "Sessions").
 */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const found = await userForToken(c.get('services'), c.req.header('token'));
  if (!found) throw new AppError(ErrorCode.TOKEN_INVALID, 'tokenInvalid');
  c.set('user', found.user);
  c.set('sessionId', found.sessionId);
  if (!c.req.header('accept-language')) c.set('lang', found.user.language === 'en' ? 'en' : 'zh');
  await next();
  // After the handler, so that a refusal (answered by onError) carries it too; a handler that gave
  // the session a newer token still (a password change) has set it already.
  if (found.newToken && !c.res.headers.has(NEW_TOKEN_HEADER)) c.header(NEW_TOKEN_HEADER, found.newToken);
});

/** Agents only (spec §6: is_agent equal to 1). */
export const requireAgent = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.get('user').isAgent !== 1) throw new AppError(ErrorCode.AGENT_ONLY, 'agentOnly');
  await next();
});

/** A refused field's message, with the figures it names. */
export type FieldMessage = MessageKey | { key: MessageKey; params?: Record<string, number> };

/** Field-specific messages for the fields users type. */
export const FIELD_MESSAGES: Record<string, FieldMessage> = {
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

/**
 * zod at the edge: a failure answers 40001 naming the field, in the caller's language, with the
 * field's message from `messages` (FIELD_MESSAGES unless a route names its own).
 */
export function valid<T extends ZodType, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
  messages: Record<string, FieldMessage> = FIELD_MESSAGES,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      const field = String(unknownKey ?? issue?.path[0] ?? 'body');
      // Own keys only: an unknown field named `constructor` or `__proto__` must not find Object.prototype's.
      const known = Object.hasOwn(messages, field) ? messages[field] : undefined;
      const { key, params } = typeof known === 'string' ? { key: known, params: {} } : (known ?? {});
      throw new AppError(ErrorCode.VALIDATION, key ?? 'invalidField', { field, ...params }, { field });
    }
    // A NUL would reach the database and fail there (a 500): refuse it here, naming the field.
    const data = result.data as Record<string, unknown> | null;
    const field =
      data && typeof data === 'object' ? Object.keys(data).find((k) => hasNul(data[k])) : undefined;
    if (field) throw new AppError(ErrorCode.VALIDATION, 'invalidField', { field }, { field });
  });
}
