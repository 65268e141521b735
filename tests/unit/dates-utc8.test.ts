/**
 * Spec §9 "Default date format" in China (UTC+8), where most of our users are: only in the
 * `unit-utc8` project of vitest.config.ts (TZ=Asia/Shanghai), part of `npm run test:unit`. In
 * UTC a formatter that skips the local-time conversion shows the right digits; here it cannot.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates.ts';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('dates in China (UTC+8), where most of our users are', () => {
  it('the API’s UTC times are shown 8 hours later, on the next day past 16:00 UTC', () => {
    expect(formatDateTime('2026-11-01T08:30:00Z')).toBe('2026-11-01 16:30');
    expect(formatDateTime('2026-12-31T20:05:00.000Z')).toBe('2027-01-01 04:05');
    expect(formatDateTime(Date.UTC(2026, 1, 28, 23, 59))).toBe('2026-03-01 07:59');
    expect(formatDateTime('2026-11-01T08:30:00+08:00')).toBe('2026-11-01 08:30');
  });
});

describe('the run in UTC+8', () => {
  // A run whose TZ did not take effect would fail the checks above for the wrong reason.
  it('is really in Asia/Shanghai', () => {
    expect(zone).toBe('Asia/Shanghai');
    expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0);
  });
});
