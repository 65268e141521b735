import { ErrorCode } from '../../../contract/api.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { showToast } from '../../lib/toast.ts';

/** Where a refused form submission's message belongs: beside a field, or above the form. */
export type FormErrors = Partial<
  Record<
    'email' | 'password' | 'old_password' | 'confirm' | 'code' | 'invitation_code' | 'terms' | 'form',
    string
  >
>;

const FIELD_CODES: Record<number, keyof FormErrors> = {
  [ErrorCode.BAD_CREDENTIALS]: 'password',
  [ErrorCode.CODE_INVALID]: 'code',
};

/**
 * Turns a refused call into errors beside the fields they concern; anything else (network,
 * server busy) becomes a toast, as every other call shows it.
 */
export function formErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return {};
  const data = error.data as { field?: string } | null;
  if (error.code === ErrorCode.VALIDATION && data?.field)
    return { [data.field as keyof FormErrors]: error.message };
  const field = typeof error.code === 'number' ? FIELD_CODES[error.code] : undefined;
  if (field) return { [field]: error.message };
  if (error.code === ErrorCode.EMAIL_NOT_VERIFIED || error.code === ErrorCode.RATE_LIMITED)
    return { form: error.message };
  showToast(error.message, { kind: 'error' });
  return {};
}

/** Reads a query parameter of the current page. */
export function queryParam(name: string): string | null {
  return typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(name);
}
