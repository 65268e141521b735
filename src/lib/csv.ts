import type { LeadView } from '../../contract/api.ts';
import type { Translate } from '../i18n/index.ts';
import { emailCheckLabel, roleLabel } from './format.ts';

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts neutralized. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Spreadsheets run cells that start with = + - @ as formulas (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Leads as CSV, UTF-8 with a BOM so Excel opens Chinese correctly (issue: CSV export). Headers,
 * roles and email checks are in the page's language (`t`), like the rest of the page.
 * @example leadsCsv([lead], headers, t).startsWith('\uFEFF') // true
 */
export function leadsCsv(leads: readonly LeadView[], headers: readonly string[], t: Translate): string {
  const rows = leads.map((lead) => [
    lead.name,
    roleLabel(t, lead.role),
    lead.country.name,
    lead.city,
    lead.website ?? '',
    lead.size,
    lead.products.join('; '),
    (lead.contacts?.emails ?? [])
      .map((e) => `${e.email} (${emailCheckLabel(t, e.status) ?? e.status})`)
      .join('; '),
    (lead.contacts?.phones ?? []).join('; '),
    (lead.contacts?.socials ?? []).map((s) => s.url).join('; '),
    lead.memo ?? '',
  ]);
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
