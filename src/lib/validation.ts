import type { UIKey } from '../i18n/index.ts';
import {
  EMAIL_CODE_PATTERN,
  INVITATION_PREFIX_LENGTH,
  INVITATION_PREFIX_PATTERN,
  isEmail,
  isInvitationQuantity,
  isRedeemCode,
  passwordChecks,
} from '../../contract/rules.ts';

/** A rule's verdict: null when the value is fine, else the message key to show beside the field. */
export type Verdict = UIKey | null;

/** Which password rules hold, for the live checklist beside the field (spec §5). */
export { passwordChecks };

// Each check below applies the rule the server's schema applies (contract/rules.ts); only the
// message keys, which say which part failed, are the browser's own.

/** Spec §5: email required ("please enter email") and valid. */
export function validateEmail(value: string): Verdict {
  const email = value.trim();
  if (!email) return 'validation.emailRequired';
  return isEmail(email) ? null : 'validation.emailInvalid';
}

/** Spec §5: required; 8–14 characters; two of letters, digits, symbols; no Chinese or spaces. */
export function validatePassword(value: string): Verdict {
  if (!value) return 'validation.passwordRequired';
  const checks = passwordChecks(value);
  if (!checks.chars) return 'validation.passwordChars';
  if (!checks.length) return 'validation.passwordLength';
  if (!checks.kinds) return 'validation.passwordKinds';
  return null;
}

/** What the change-password form says before it asks the server: each field's message key, if any. */
export type PasswordChangeVerdicts = Partial<Record<'old_password' | 'password' | 'confirm', UIKey>>;

/**
 * The change-password form (docs/api.md POST /user/change_password): the current password is
 * required; the new one follows spec §5, differs from the current one, and is typed twice alike.
 * @example validatePasswordChange({ current: 'Secret123', next: 'Secret123', confirm: 'Secret123' }) // { password: 'validation.passwordUnchanged' }
 */
export function validatePasswordChange(form: {
  current: string;
  next: string;
  confirm: string;
}): PasswordChangeVerdicts {
  const verdicts: PasswordChangeVerdicts = {};
  if (!form.current) verdicts.old_password = 'validation.currentPasswordRequired';
  const shape = validatePassword(form.next);
  if (shape) verdicts.password = shape;
  else if (form.next === form.current) verdicts.password = 'validation.passwordUnchanged';
  if (!verdicts.password && form.confirm !== form.next) verdicts.confirm = 'validation.passwordMismatch';
  return verdicts;
}

/** The emailed sign-up or reset code: the 6 digits of the email. */
export function validateEmailCode(value: string): Verdict {
  return EMAIL_CODE_PATTERN.test(value.trim()) ? null : 'auth.codeFormat';
}

/** Spec §5: the terms must be agreed. */
export function validateTerms(agreed: boolean): Verdict {
  return agreed ? null : 'validation.termsRequired';
}

/** Spec §5: invitation prefix required, exactly 4 characters, letters and digits only. */
export function validateInvitationPrefix(value: string): Verdict {
  const prefix = value.trim();
  if (!prefix) return 'validation.prefixRequired';
  if (!/^[a-z\d]*$/i.test(prefix)) return 'validation.prefixChars';
  if (prefix.length !== INVITATION_PREFIX_LENGTH) return 'validation.prefixLength';
  return INVITATION_PREFIX_PATTERN.test(prefix) ? null : 'validation.prefixChars';
}

/** Spec §5: invitation quantity required, a valid number, 1 to 5. */
export function validateInvitationQuantity(value: string | number): Verdict {
  const text = String(value).trim();
  if (!text) return 'validation.quantityRequired';
  const n = Number(text);
  if (!Number.isInteger(n)) return 'validation.quantityNumber';
  return isInvitationQuantity(n) ? null : 'validation.quantityRange';
}

/** Spec §5: the authorization (redeem) code cannot be empty (nor longer than any code minted). */
export function validateAuthCode(value: string): Verdict {
  const code = value.trim();
  if (!code) return 'validation.authCodeRequired';
  return isRedeemCode(code) ? null : 'validation.authCodeInvalid';
}

/** Spec §5: every recipient's format is checked; returns the first bad one with its message. */
export function validateRecipients(emails: readonly string[]): { key: Verdict; email?: string } {
  if (emails.length === 0) return { key: 'validation.recipientRequired' };
  const bad = emails.find((email) => validateEmail(email) !== null);
  return bad === undefined ? { key: null } : { key: 'validation.recipientInvalid', email: bad };
}
