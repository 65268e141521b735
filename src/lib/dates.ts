import dayjs from 'dayjs';
import { DATE_FORMAT } from './constants.ts';

/**
 * A UTC timestamp shown in local time as YYYY-MM-DD HH:mm (spec §9), or '--' when invalid.
 * @example formatDateTime('2026-11-01T08:30:00Z') // '2026-11-01 16:30' in UTC+8
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  format = DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '--';
}
