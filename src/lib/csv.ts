import type { LeadView, ListedLead } from '../../contract/api.ts';
import type { Translate } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { emailCheckLabel, roleLabel } from './format.ts';
import { tradeLine } from './leadText.ts';

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts neutralized. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Spreadsheets run cells that start with = + - @ as formulas (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The columns of the saved and unlocked lists' export: the company, then one contact (with the
 * person it belongs to), then the user's memo, stage and tags.
 */
export const LIST_CSV_COLUMNS = [
  'name',
  'role',
  'country',
  'city',
  'website',
  'size',
  'products',
  'trade',
  'person',
  'title',
  'department',
  'contactKind',
  'contact',
  'emailCheck',
  'memo',
  'stage',
  'tags',
] as const;

/**
 * Listed leads as CSV, UTF-8 with a BOM so Excel opens Chinese correctly, one row per revealed
 * contact with the company's columns repeated (issue 14): a person's emails, phones and profiles
 * name the person, the company's own name none. A lead with nothing revealed (locked, or no
 * contacts) still has one row. Headers, roles, departments, stages and email checks are in the
 * page's language (`t`).
 * @example listCsv([lead], t).startsWith('\uFEFF') // true
 */
export function listCsv(leads: readonly ListedLead[], t: Translate, locale: Locale): string {
  const headers = LIST_CSV_COLUMNS.map((key) => t(`leads.col.${key}`));
  return csvOf(
    headers,
    leads.flatMap((lead) => {
      const company = companyColumns(lead, t, locale);
      const pipeline = [
        lead.memo ?? '',
        lead.stage ? t(`leads.stage.${lead.stage}`) : '',
        lead.tags.join('; '),
      ];
      const rows = contactRows(lead, t);
      return (rows.length ? rows : [['', '', '', '', '', '']]).map((contact) => [
        ...company,
        ...contact,
        ...pipeline,
      ]);
    }),
  );
}

function csvOf(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function companyColumns(lead: LeadView, t: Translate, locale: Locale): string[] {
  return [
    lead.name,
    roleLabel(t, lead.role),
    lead.country.name,
    lead.city,
    lead.website ?? '',
    lead.size,
    lead.products.join('; '),
    tradeLine(t, lead, locale) ?? '',
  ];
}

/** [person, title, department, kind, value, email check] for every revealed contact, people's first. */
function contactRows(lead: LeadView, t: Translate): string[][] {
  if (!lead.contacts) return [];
  const rows: string[][] = [];
  const held = new Set<string>();
  const add = (who: string[], kind: 'email' | 'phone' | 'social', value: string, status = '') => {
    held.add(value);
    const check = status ? (emailCheckLabel(t, status) ?? status) : '';
    rows.push([...who, t(`leads.contactKind.${kind}`), value, check]);
  };
  for (const person of lead.people ?? []) {
    const who = [person.name, person.title, t(`chat.department.${person.department}`)];
    const before = rows.length;
    for (const e of person.emails) add(who, 'email', e.email, e.status);
    for (const phone of person.phones) add(who, 'phone', phone);
    for (const s of person.socials) add(who, 'social', s.url);
    if (rows.length === before) rows.push([...who, '', '', '']);
  }
  const none = ['', '', ''];
  for (const e of lead.contacts.emails) if (!held.has(e.email)) add(none, 'email', e.email, e.status);
  for (const phone of lead.contacts.phones) if (!held.has(phone)) add(none, 'phone', phone);
  for (const s of lead.contacts.socials) if (!held.has(s.url)) add(none, 'social', s.url);
  return rows;
}
