import type { LeadView, ListedLead } from '../../contract/api.ts';
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
  return csvOf(
    headers,
    leads.map((lead) => leadRow(lead, t)),
  );
}

/** The columns of `leadsCsv`, then the pipeline's stage and tags (the saved and unlocked lists' export). */
export const LIST_CSV_COLUMNS = [
  'name',
  'role',
  'country',
  'city',
  'website',
  'size',
  'products',
  'emails',
  'phones',
  'socials',
  'memo',
  'stage',
  'tags',
] as const;

/** Listed leads as CSV with `LIST_CSV_COLUMNS`, headers and stage names in the page's language. */
export function listCsv(leads: readonly ListedLead[], t: Translate): string {
  const headers = LIST_CSV_COLUMNS.map((key) => t(`leads.col.${key}`));
  return csvOf(
    headers,
    leads.map((lead) => [
      ...leadRow(lead, t),
      lead.stage ? t(`leads.stage.${lead.stage}`) : '',
      lead.tags.join('; '),
    ]),
  );
}

function csvOf(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function leadRow(lead: LeadView, t: Translate): string[] {
  return [
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
  ];
}
