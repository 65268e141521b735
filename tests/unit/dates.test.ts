/**
 * Spec §9 "Default date format": YYYY-MM-DD HH:mm, a UTC time converted to local time. CI runs in
 * UTC, where a formatter that skips the conversion shows the right digits, so this file also runs
 * in UTC+8 (the `unit-utc8` project of vitest.config.ts, part of `npm run test:unit`), with
 * dates-utc8.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates.ts';

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
