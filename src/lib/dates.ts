import dayjs from 'dayjs';

/** Spec §9 "Default date format". */
const DATE_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A UTC timestamp shown in local time as YYYY-MM-DD HH:mm (spec §9 "Default date format"), or '--'
 * when invalid. dayjs reads a time without a zone ("2026-01-02 03:04") as local time in every
 * browser (Safari's Date would refuse it).
 * @example formatDateTime('2026-11-01T08:30:00Z') // '2026-11-01 16:30' in UTC+8
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '--';
}
