import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode } from '../../contract/api.ts';
import { AppError, describeError, statusFor } from '../platform/errors.ts';
import { message } from '../i18n.ts';
import type { Services } from '../platform/services.ts';
import { runAsRequest } from '../platform/lanes.ts';
import { requestContext, type ApiEnv } from './context.ts';
import { payApi } from './pay.ts';
import { userApi } from './user.ts';
import { chatApi, leadsApi, rootLeadsApi } from './leads.ts';
import { filesApi } from './files.ts';
import { llmApi } from './llm.ts';
import { outreachApi } from './outreach.ts';
import { profileApi } from './profile.ts';

export interface ApiOptions {
  /** Proxy hops whose X-Forwarded-For entries are trusted (behind a load balancer you run); `true` = 1. */
  trustProxy?: boolean | number;
  log?: (line: string) => void;
}

/** The /api application: one sub-app per domain, an envelope for every answer. */
export function createApi(services: Services, options: ApiOptions = {}) {
  const log = options.log ?? ((line: string) => console.error(line));
  const api = new Hono<ApiEnv>();
  // Each request's database operations take their turns as the request's (server/platform/db/queue.ts).
  api.use('*', (_c, next) => runAsRequest(next));
  // API answers carry tokens and user data: no browser or proxy cache may keep one. A route picks
  // its own policy only for requests without a token (signed download links).
  api.use('*', async (c, next) => {
    await next();
    if (c.req.header('token') !== undefined || !c.res.headers.has('Cache-Control'))
      c.header('Cache-Control', 'no-store');
  });
  api.use('*', requestContext(services, Number(options.trustProxy ?? 0)));
  api.use(
    '*',
    // Uploads are multipart and capped while read instead (server/files/receive.ts); inbound mail
    // has its own, larger cap (server/api/outreach.ts).
    except(
      (c) =>
        c.req.method === 'POST' &&
        (c.req.path.endsWith('/upload_file') || c.req.path.endsWith('/outreach/inbound')),
      bodyLimit({
        maxSize: 64 * 1024,
        onError: () => {
          throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge');
        },
      }),
    ),
  );
  api.route('/', rootLeadsApi);
  api.route('/', llmApi);
  api.route('/user', userApi);
  api.route('/chat', chatApi);
  api.route('/leads', leadsApi);
  api.route('/pay', payApi);
  api.route('/outreach', outreachApi);
  api.route('/profile', profileApi);
  api.route('/', filesApi);
  api.all('*', () => {
    throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  });

  api.onError((error, c) => {
    const lang = c.get('lang') ?? 'zh';
    // A refusal raised under a driver call (the busy answer of the database's queue) arrives wrapped.
    const refusal = appErrorIn(error);
    if (refusal) {
      const retryAfter = (refusal.data as { retry_after?: unknown } | null)?.retry_after;
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
      return c.json(
        { code: refusal.code, msg: message(lang, refusal.key, refusal.params), data: refusal.data },
        statusFor(refusal.code) as 400,
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Malformed JSON and the like: never echo internals.
      return c.json({ code: ErrorCode.BAD_REQUEST, msg: message(lang, 'badRequest'), data: null }, 400);
    }
    // Sanitized: a driver error's message holds the query parameters (emails, password hashes).
    log(`[api] ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json({ code: ErrorCode.INTERNAL, msg: message(lang, 'internal'), data: null }, 500);
  });
  return api;
}

/** The AppError `error` is, or was caused by (Drizzle wraps what a driver call threw), if any. */
function appErrorIn(error: unknown): AppError | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof AppError) return e;
  return null;
}
