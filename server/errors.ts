import { ErrorCode } from '../contract/api.ts';
import type { MessageKey } from './i18n.ts';

/** HTTP status that goes with each envelope code (docs/api.md). */
const STATUS: Record<number, number> = {
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.VALIDATION]: 400,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.BAD_CREDENTIALS]: 401,
  [ErrorCode.EMAIL_NOT_VERIFIED]: 403,
  [ErrorCode.CODE_INVALID]: 400,
  [ErrorCode.INSUFFICIENT_BEANS]: 402,
  [ErrorCode.PLAN_UNLOCK_LIMIT]: 402,
  [ErrorCode.SEARCH_QUOTA]: 429,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.AGENT_ONLY]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.REDEEM_CODE_USED]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_TYPE]: 415,
  [ErrorCode.RECIPIENT_REFUSED]: 422,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.DAILY_SEND_CAP]: 429,
  [ErrorCode.FEATURE_DISABLED]: 503,
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
