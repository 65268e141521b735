import { createHash } from 'node:crypto';

/** The CSP source expression allowing one exact inline script or stylesheet. */
export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}
