import { ErrorCode } from '../../contract/api.ts';
import type { MessageKey } from '../i18n.ts';

/** HTTP status that goes with each envelope code (docs/api.md). */
const STATUS: Record<number, number> = {
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.VALIDATION]: 400,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.BAD_CREDENTIALS]: 401,
  [ErrorCode.EMAIL_NOT_VERIFIED]: 403,
  [ErrorCode.CODE_INVALID]: 400,
  [ErrorCode.PASSWORD_REQUIRED]: 400,
  [ErrorCode.INSUFFICIENT_BEANS]: 402,
  [ErrorCode.PLAN_UNLOCK_LIMIT]: 402,
  [ErrorCode.SEARCH_QUOTA]: 429,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.AGENT_ONLY]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.REDEEM_CODE_USED]: 409,
  [ErrorCode.CHAT_LIMIT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_TYPE]: 415,
  [ErrorCode.RECIPIENT_REFUSED]: 422,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.DAILY_SEND_CAP]: 429,
  [ErrorCode.RECIPIENT_DAILY_CAP]: 429,
  [ErrorCode.FEATURE_DISABLED]: 503,
  [ErrorCode.BUSY]: 503,
  [ErrorCode.INTERNAL]: 500,
};

/** The HTTP status for an envelope code. */
export function statusFor(code: number): number {
  return STATUS[code] ?? 400;
}

/** A refusal the API answers with `{ code, msg, data }`; `msg` is localized by the error handler. */
export class AppError extends Error {
  readonly code: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  readonly data: unknown;

  constructor(
    code: number,
    key: MessageKey,
    params: Record<string, string | number> = {},
    data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
    this.code = code;
    this.key = key;
    this.params = params;
    this.data = data;
  }
}

/**
 * A log line for an unexpected error that never holds secrets: driver errors carry the query and
 * its parameters (emails, password hashes) in their message, so only the class, SQLSTATE,
 * constraint and where it was thrown are printed for them.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const cause = (error as { cause?: unknown }).cause;
  // pg and PGlite errors carry a five-character SQLSTATE in `code`, often as the `cause`.
  const sqlState = (e: unknown): e is Error & { code: string; constraint?: unknown } =>
    e instanceof Error && /^[0-9A-Z]{5}$/.test(String((e as { code?: unknown }).code));
  const db = [error, cause].find(sqlState);
  const where =
    error.stack
      ?.split('\n')
      .find((line) => line.trim().startsWith('at '))
      ?.trim() ?? '';
  if (db || /Failed query|params:/i.test(error.message)) {
    const parts = [error.name];
    if (db && db !== error) parts.push(db.name);
    if (db?.code) parts.push(`SQLSTATE ${String(db.code)}`);
    if (typeof db?.constraint === 'string') parts.push(`constraint ${db.constraint}`);
    return `${parts.join(' ')} ${where}`.trim();
  }
  // Other errors keep their message (bounded), the first lines of their stack say where.
  const frames =
    error.stack
      ?.split('\n')
      .filter((line) => line.trim().startsWith('at '))
      .slice(0, 5) ?? [];
  return [`${error.name}: ${error.message.slice(0, 300)}`, ...frames].join('\n');
}
