import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * `date` as a dayjs in UTC, for calendar arithmetic that does not depend on the server's zone:
 * `add(1, 'month')` clamps to the month's last day (31 January + 1 month = 28 or 29 February),
 * `add(n, 'day')` adds calendar days.
 * @example inUtc(new Date('2027-01-31T10:00:00Z')).add(1, 'month').toDate() // 2027-02-28T10:00:00Z
 */
export function inUtc(date: Date): Dayjs {
  return dayjs.utc(date);
}
