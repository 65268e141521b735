import type { LeadView } from '../../contract/api.ts';

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts neutralized. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Spreadsheets run cells that start with = + - @ as formulas (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Leads as CSV, UTF-8 with a BOM so Excel opens Chinese correctly (issue: CSV export).
 * @example leadsCsv([lead], headers).startsWith('\uFEFF') // true
 */
export function leadsCsv(leads: readonly LeadView[], headers: readonly string[]): string {
  const rows = leads.map((lead) => [
    lead.name,
    lead.role,
    lead.country.name,
    lead.city,
    lead.website ?? '',
    lead.size,
    lead.products.join('; '),
    (lead.contacts?.emails ?? []).map((e) => `${e.email} (${e.status})`).join('; '),
    (lead.contacts?.phones ?? []).join('; '),
    (lead.contacts?.socials ?? []).map((s) => s.url).join('; '),
    lead.memo ?? '',
  ]);
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
