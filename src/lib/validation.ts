import type { UIKey } from '../i18n/index.ts';
import { INVITATION_MAX_QUANTITY, INVITATION_MIN_QUANTITY, INVITATION_PREFIX_LENGTH } from './constants.ts';

/** A rule's verdict: null when the value is fine, else the message key to show beside the field. */
export type Verdict = UIKey | null;

// Practical address check: one @, no spaces, a dotted domain with a 2+ letter top level.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[a-z]{2,}$/i;
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Spec §5: email required ("please enter email") and valid. */
export function validateEmail(value: string): Verdict {
  const email = value.trim();
  if (!email) return 'validation.emailRequired';
  return EMAIL.test(email) && email.length <= 254 ? null : 'validation.emailInvalid';
}

/** Which password rules hold, for the live checklist beside the field (spec §5). */
export function passwordChecks(value: string) {
  const kinds = [/[a-z]/i.test(value), /\d/.test(value), /[^a-z\d\s]/i.test(value) && !CJK.test(value)];
  return {
    length: value.length >= 8 && value.length <= 14,
    kinds: kinds.filter(Boolean).length >= 2,
    chars: !/\s/.test(value) && !CJK.test(value),
  };
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

/** Spec §5: the terms must be agreed. */
export function validateTerms(agreed: boolean): Verdict {
  return agreed ? null : 'validation.termsRequired';
}

/** Spec §5: invitation prefix required, exactly 4 characters, letters and digits only. */
export function validateInvitationPrefix(value: string): Verdict {
  const prefix = value.trim();
  if (!prefix) return 'validation.prefixRequired';
  if (!/^[a-z\d]*$/i.test(prefix)) return 'validation.prefixChars';
  return prefix.length === INVITATION_PREFIX_LENGTH ? null : 'validation.prefixLength';
}

/** Spec §5: invitation quantity required, a valid number, 1 to 5. */
export function validateInvitationQuantity(value: string | number): Verdict {
  const text = String(value).trim();
  if (!text) return 'validation.quantityRequired';
  const n = Number(text);
  if (!Number.isInteger(n)) return 'validation.quantityNumber';
  return n >= INVITATION_MIN_QUANTITY && n <= INVITATION_MAX_QUANTITY ? null : 'validation.quantityRange';
}

/** Spec §5: the authorization (redeem) code cannot be empty. */
export function validateAuthCode(value: string): Verdict {
  return value.trim() ? null : 'validation.authCodeRequired';
}

/** Spec §5: every recipient's format is checked; returns the first bad one with its message. */
export function validateRecipients(emails: readonly string[]): { key: Verdict; email?: string } {
  if (emails.length === 0) return { key: 'validation.recipientRequired' };
  const bad = emails.find((email) => validateEmail(email) !== null);
  return bad === undefined ? { key: null } : { key: 'validation.recipientInvalid', email: bad };
}
