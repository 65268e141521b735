import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A session token: 256 bits from the CSPRNG, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex: tokens and codes are stored only as hashes. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A 6-digit emailed code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Random characters without look-alikes (0/O, 1/I), for redeem and invitation codes. */
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(0, ALPHABET.length)];
  return out;
}
