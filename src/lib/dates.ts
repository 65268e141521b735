/** `YYYY-MM-DD hh:mm[:ss]` with no zone: read as local time, as the spec shows times (Safari would refuse it). */
const LOCAL_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

function toDate(value: string | number | Date): Date {
  if (typeof value !== 'string') return new Date(value);
  const local = LOCAL_TIME.exec(value.trim());
  if (!local) return new Date(value);
  const [y, mo, d, h = 0, mi = 0, s = 0] = local.slice(1).map((part) => Number(part ?? 0));
  return new Date(y!, mo! - 1, d, h, mi, s);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A UTC timestamp shown in local time as YYYY-MM-DD HH:mm (spec §9 "Default date format"), or '--'
 * when invalid. Plain Date arithmetic: no date library in the browser (budgets.md).
 * @example formatDateTime('2026-11-01T08:30:00Z') // '2026-11-01 16:30' in UTC+8
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
