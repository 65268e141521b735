/** The browser facts a device fingerprint is made of (injectable for tests). */
export interface FingerprintSource {
  userAgent: string;
  language: string;
  platform: string;
  hardwareConcurrency: number;
  screen: string;
  timeZone: string;
}

/** Reads the fingerprint facts of this browser. */
export function browserFingerprintSource(): FingerprintSource {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform:
      (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? '',
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
    screen: `${screen.width}x${screen.height}x${screen.colorDepth}@${devicePixelRatio}`,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/**
 * Spec §3: the deviceId is a browser fingerprint hash (SHA-256, hex) of stable browser facts.
 * @example await fingerprintHash(browserFingerprintSource()) // '3f2a…' (64 hex digits)
 */
export async function fingerprintHash(source: FingerprintSource): Promise<string> {
  const text = JSON.stringify([
    source.userAgent,
    source.language,
    source.platform,
    source.hardwareConcurrency,
    source.screen,
    source.timeZone,
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Spec §3 "Client id": the current timestamp followed by a random number.
 * @example makeClientId(1700000000000, 0.123456) // '1700000000000123456'
 */
export function makeClientId(now = Date.now(), random = Math.random()): string {
  return `${now}${String(Math.floor(random * 1e6)).padStart(6, '0')}`;
}
