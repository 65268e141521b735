import type { LeadView } from '../../contract/api.ts';

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts neutralized. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Spreadsheets run cells that start with = + - @ as formulas (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The page's words for the values the export would otherwise write as codes. */
export interface CsvWords {
  role: Record<LeadView['role'], string>;
  /** An email's check result: valid, risky, unknown, invalid. */
  emailStatus: (status: string) => string;
}

/**
 * Leads as CSV, UTF-8 with a BOM so Excel opens Chinese correctly (issue: CSV export). Headers,
 * roles and email statuses are in the page's language (`words`), like the rest of the page.
 * @example leadsCsv([lead], headers, words).startsWith('\uFEFF') // true
 */
export function leadsCsv(leads: readonly LeadView[], headers: readonly string[], words: CsvWords): string {
  const rows = leads.map((lead) => [
    lead.name,
    words.role[lead.role] ?? lead.role,
    lead.country.name,
    lead.city,
    lead.website ?? '',
    lead.size,
    lead.products.join('; '),
    (lead.contacts?.emails ?? []).map((e) => `${e.email} (${words.emailStatus(e.status)})`).join('; '),
    (lead.contacts?.phones ?? []).join('; '),
    (lead.contacts?.socials ?? []).map((s) => s.url).join('; '),
    lead.memo ?? '',
  ]);
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
