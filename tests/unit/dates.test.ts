/**
 * Spec §9 "Default date format": YYYY-MM-DD HH:mm, a UTC time converted to local time. CI runs in
 * UTC, where a formatter that skips the conversion shows the right digits, so this file also runs
 * in UTC+8 (the `unit-utc8` project of vitest.config.ts, part of `npm run test:unit`).
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates.ts';

/** The zone this run is in, e.g. `UTC` or `Asia/Shanghai`. */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('dates (spec §9 "Default date format")', () => {
  it('a UTC timestamp is shown as YYYY-MM-DD HH:mm in local time', () => {
    const at = new Date(2026, 10, 1, 8, 5, 59);
    expect(formatDateTime(at.toISOString())).toBe('2026-11-01 08:05');
    expect(formatDateTime(at.getTime())).toBe('2026-11-01 08:05');
    expect(formatDateTime(at)).toBe('2026-11-01 08:05');
  });

  it('a time without a zone is read as local time', () => {
    expect(formatDateTime('2026-01-02 03:04:05')).toBe('2026-01-02 03:04');
    expect(formatDateTime('2026-01-02')).toBe('2026-01-02 00:00');
  });

  it('anything that is not a date is --', () => {
    for (const value of ['', null, undefined, 'not a date', '2026-13-45x'])
      expect(formatDateTime(value)).toBe('--');
  });
});

describe.runIf(zone === 'Asia/Shanghai')('dates in China (UTC+8), where most of our users are', () => {
  it('the API’s UTC times are shown 8 hours later, on the next day past 16:00 UTC', () => {
    expect(formatDateTime('2026-11-01T08:30:00Z')).toBe('2026-11-01 16:30');
    expect(formatDateTime('2026-12-31T20:05:00.000Z')).toBe('2027-01-01 04:05');
    expect(formatDateTime(Date.UTC(2026, 1, 28, 23, 59))).toBe('2026-03-01 07:59');
    expect(formatDateTime('2026-11-01T08:30:00+08:00')).toBe('2026-11-01 08:30');
  });
});

describe.runIf(process.env.TZ)('the run in another zone', () => {
  // A run whose TZ did not take effect would skip the checks above and pass for nothing.
  it('is really in the zone it was started in', () => {
    expect(zone).toBe(process.env.TZ);
    expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0);
  });
});
