import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The caller's time zone, for the texts that name the daily reset (issue 35: "每天 UTC 0 点" told
 * Chinese users a time that is not theirs). The browser names it in this header (IANA, e.g.
 * `Asia/Shanghai`); the server's days stay UTC days, only the words change.
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

const zone = new AsyncLocalStorage<string>();

/**
 * A time zone name this runtime knows, or undefined for anything else (absent, too long, not IANA).
 * @example validTimeZone('Asia/Shanghai') // 'Asia/Shanghai'
 * @example validTimeZone('Mars/Olympus') // undefined
 */
export function validTimeZone(name: string | undefined): string | undefined {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Runs `work` with `name` as the caller's time zone (a request's middleware), or as it is without one. */
export function inTimeZone<T>(name: string | undefined, work: () => T): T {
  return name ? zone.run(name, work) : work();
}

/** The time zone of the request being answered, if it named one. */
export function callerTimeZone(): string | undefined {
  return zone.getStore();
}

/**
 * When the next UTC day starts, on the clock of `timeZone`: its hour and minute, or null when that
 * is midnight UTC itself (UTC and zones that match it).
 * @example utcMidnightIn('Asia/Shanghai', new Date('2026-11-28T02:00:00Z')) // { hour: 8, minute: 0 }
 */
export function utcMidnightIn(timeZone: string, now = new Date()): { hour: number; minute: number } | null {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(midnight);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  return hour === 0 && minute === 0 ? null : { hour, minute };
}
