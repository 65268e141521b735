import type { Translate, UIKey } from '../../i18n/index.ts';

/** Spec §8 runtime codes for failures that never reached the server. */
export const RuntimeCode = {
  /** Timeout and network errors. */
  NETWORK: 5,
  /** The request was aborted by the caller. */
  ABORT: 600003,
  /** Upload or download failed on the network. */
  TRANSFER_NETWORK: 602001,
  /** The file to upload could not be read. */
  FILE_READ: 'file error',
} as const;

/** A failed call: the server's code and message, or a runtime code with a catalogue message. */
export class ApiError extends Error {
  readonly code: number | string;
  readonly status: number | undefined;
  readonly data: unknown;

  constructor(code: number | string, message: string, status?: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

const HTTP_MESSAGES: Record<number, UIKey> = {
  404: 'errors.http404',
  405: 'errors.http405',
  500: 'errors.http500',
  502: 'errors.http502',
};

/** Spec §8: the message for an HTTP status that carried no envelope; `default` when unlisted. */
export function httpErrorKey(status: number): UIKey {
  return HTTP_MESSAGES[status] ?? 'errors.default';
}

/**
 * Classifies what `fetch` threw (spec §8): a timeout (errCode 5), the caller's abort (600003),
 * or a network failure (errCode 5); anything else is "request failed".
 */
export function runtimeError(error: unknown, t: Translate, aborted: boolean): ApiError {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const name = (cause as { name?: string })?.name;
  if (name === 'TimeoutError') return new ApiError(RuntimeCode.NETWORK, t('errors.timeout'));
  if (aborted || name === 'AbortError') return new ApiError(RuntimeCode.ABORT, t('errors.requestFailed'));
  if (cause instanceof TypeError) return new ApiError(RuntimeCode.NETWORK, t('errors.network'));
  return new ApiError(RuntimeCode.NETWORK, t('errors.requestFailed'));
}
