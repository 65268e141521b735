import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { SENIORITIES, type Department, type Seniority } from '../../../contract/people.ts';
import type { Db } from '../../platform/db/client.ts';
import { leadContacts, leadPeople, leads } from '../../platform/db/schema.ts';
import type { LeadPerson } from '../enrich.ts';
import { verifyMedia } from '../media.ts';
import { leadQuality, type LeadContact } from '../rank.ts';
import {
  EMAIL_ADDRESS,
  isPhone,
  textProblem,
  type ImportReport,
  type ImportRow,
  type RejectedRow,
  type UnmatchedRow,
} from './cells.ts';
import { CONTACT_COLUMNS } from './columns.ts';
import { cell } from './layout.ts';
import { distance } from 'fastest-levenshtein';
import { companyKey, countryCode, emailDomain, hostOf, isWebmail } from './match.ts';
import { trimEndOf } from '../../platform/text.ts';

/**
 * Contacts files (issue 14, "real imports"; docs/imports.md): the people export of Apollo or of
 * Hunter, matched to stored companies by domain. Reading and planning are pure; `importContacts`
 * loads the companies a file names, plans, and writes in one transaction.
 */

export type ContactsLayout = 'apollo' | 'hunter';
export type EmailStatus = 'valid' | 'risky' | 'unknown' | 'invalid';

/** Email statuses of both exports, lower case with `_` read as a space; any other status is `unknown`. */
const STATUSES: Record<string, EmailStatus> = {
  // Apollo: "Likely to engage" is a verified address with recent activity.
  verified: 'valid',
  'likely to engage': 'valid',
  guessed: 'risky',
  extrapolated: 'risky',
  'update required': 'risky',
  unverified: 'unknown',
  'pending manual fulfillment': 'unknown',
  'pending manual verification': 'unknown',
  'user managed': 'unknown',
  bounced: 'invalid',
  // Hunter
  valid: 'valid',
  'accept all': 'risky',
  unknown: 'unknown',
  webmail: 'unknown',
  invalid: 'invalid',
  disposable: 'invalid',
};
/** What an export writes where a person has no email. */
const NO_EMAIL = new Set(['unavailable', 'no email', 'n/a', 'na', 'none', '-']);

/** Email status from an export's status column (Apollo "Email Status", Hunter "Verification status"). */
export function emailStatus(value: string): EmailStatus {
  return (
    STATUSES[
      value
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, ' ')
    ] ?? 'unknown'
  );
}

/**
 * Addresses of a role, not a person (`info@`, `sales.de@`): they stay the company's contacts. An
 * address is generic when its local part, or the part before its first `.`, `-`, `_` or `+`, is one of these.
 */
export const GENERIC_LOCAL_PARTS: ReadonlySet<string> = new Set(
  (
    'info information sales contact contacts contactus office purchasing purchase purchases procurement ' +
    'buying buyer import imports export exports admin administration hello enquiries enquiry inquiry ' +
    'inquiries mail email support service services customerservice team orders order marketing hr jobs ' +
    'careers recruitment accounts accounting billing invoice invoices finance reception general webmaster ' +
    'postmaster noreply no-reply post kontakt vertrieb einkauf verkauf ventas compras contacto commercial ' +
    'comercial logistics shipping help press trade business biz main hq headoffice'
  ).split(' '),
);

/** Whether an address is a role's (`info@acme.example`) rather than a person's. */
export function isGenericAddress(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@')).toLowerCase();
  return GENERIC_LOCAL_PARTS.has(local) || GENERIC_LOCAL_PARTS.has(local.split(/[._+-]/)[0]!);
}

/** Department column values (lower case, `master_` dropped, spaces and dashes read as `_`). */
const DEPARTMENT_VALUES: Record<string, Department> = {
  purchasing: 'purchasing',
  procurement: 'purchasing',
  buying: 'purchasing',
  sourcing: 'purchasing',
  supply_chain: 'purchasing',
  c_suite: 'management',
  executive: 'management',
  management: 'management',
  owner: 'management',
  founder: 'management',
  sales: 'sales',
  business_development: 'sales',
  marketing: 'marketing',
  communication: 'marketing',
  communications: 'marketing',
  operations: 'operations',
  logistics: 'logistics',
  engineering_technical: 'engineering',
  engineering: 'engineering',
  it: 'engineering',
  information_technology: 'engineering',
  finance: 'finance',
  accounting: 'finance',
};

/** Title words for each department, tried in this order: the first that matches wins. */
const TITLE_DEPARTMENTS: [Department, RegExp][] = [
  [
    'purchasing',
    /\b(?:purchas\w*|procure\w*|buyers?|buying|sourcing|supply|imports?|importer|eink[aä]uf\w*|compras?)\b/,
  ],
  [
    'management',
    // "Vice president" is read as a president's title with its "vice " left out (departmentOf).
    /\b(?:ceo|coo|cfo|cto|cmo|cio|chief|owner|co-?founder|founder|president|chair(?:man|woman)?|managing director|general manager|managing partner|proprietor|gesch[aä]ftsf[uü]hrer[a-zäöüß]*|inhaber[a-zäöüß]*)\b/,
  ],
  [
    'sales',
    /\b(?:sales|business development|exports?|commercial|key account|account (?:manager|executive|director))\b/,
  ],
  ['marketing', /\b(?:marketing|brand|communications?|public relations|pr|social media)\b/],
  ['logistics', /\b(?:logistics?|shipping|warehouse|warehousing|freight|customs|transport\w*)\b/],
  ['operations', /\b(?:operations?|production|plant|factory)\b/],
  ['engineering', /\b(?:engineer\w*|technical|technology|r&d|research|quality|it|software|developer)\b/],
  ['finance', /\b(?:financ\w*|accounting|accountant|controller|treasur\w*|audit\w*)\b/],
];

/** Seniority column values: Apollo's and Hunter's. */
const SENIORITY_VALUES: Record<string, Seniority> = {
  owner: 'owner',
  founder: 'owner',
  partner: 'executive',
  c_suite: 'executive',
  executive: 'executive',
  vp: 'executive',
  head: 'director',
  director: 'director',
  manager: 'manager',
  senior: 'staff',
  entry: 'staff',
  junior: 'staff',
  intern: 'staff',
};

/** Title words for each seniority, most senior first. */
const TITLE_SENIORITIES: [Seniority, RegExp][] = [
  ['owner', /\b(?:owner|co-?founder|founder|proprietor|inhaber\w*)\b/],
  [
    'executive',
    /\b(?:ceo|coo|cfo|cto|cmo|cio|cpo|chief|president|vp|svp|evp|chair(?:man|woman)?|managing director|general manager|managing partner|partner|gesch[aä]ftsf[uü]hrer\w*)\b/,
  ],
  ['director', /\b(?:director|head)\b/],
  ['manager', /\b(?:manager|lead|leader|supervisor)\b/],
];

const valueKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/^master_/, '');

/**
 * The department of a person: the first value of the department column (Apollo lists several,
 * `,` or `;` between them) that names one of ours; else what the title says; else `other`.
 * @example departmentOf('', 'Head of Procurement') // 'purchasing'
 */
export function departmentOf(column: string, title: string): Department {
  for (const value of column.split(/[,;]/)) {
    const department = DEPARTMENT_VALUES[valueKey(value)];
    if (department) return department;
  }
  // A vice president is not the company's president: the title is read without the word.
  const text = title.toLowerCase().replace(/\bvice[\s-]president\b/g, 'vice');
  return TITLE_DEPARTMENTS.find(([, words]) => words.test(text))?.[0] ?? 'other';
}

/**
 * The seniority of a person: the more senior of what the seniority column and the title say;
 * `staff` when neither says anything.
 * @example seniorityOf('senior', 'Purchasing Manager') // 'manager'
 */
export function seniorityOf(column: string, title: string): Seniority {
  const fromColumn = SENIORITY_VALUES[valueKey(column)] ?? 'staff';
  const text = title.toLowerCase();
  const fromTitle = TITLE_SENIORITIES.find(([, words]) => words.test(text))?.[0] ?? 'staff';
  return SENIORITIES.indexOf(fromColumn) < SENIORITIES.indexOf(fromTitle) ? fromColumn : fromTitle;
}

/** A person's name as identity compares it: accents dropped, lower case, punctuation read as spaces. */
export function personKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const phoneKey = (phone: string) => phone.replace(/\D/g, '');
const socialKey = (url: string) => trimEndOf(url.toLowerCase().replace(/^[a-z]+:\/\/(?:www\.)?/, ''), '/');

/** One contacts row, read and checked: what it says, in our terms. */
export interface ContactRow {
  row: number;
  /** The company's domain: the website / domain column, else the email's (never a webmail one). */
  domain: string | null;
  /** The company's name as the row writes it, and its country's ISO2 when the row gives one. */
  company: { name: string; country: string | null } | null;
  /** The person; null when the row names nobody (its contacts are then the company's). */
  person: { name: string; title: string; department: Department; seniority: Seniority } | null;
  email: { address: string; status: EmailStatus; generic: boolean } | null;
  /** The person's direct lines (the company's when the row names nobody). */
  phones: string[];
  /** The switchboard (Apollo "Corporate Phone"): always the company's. */
  companyPhones: string[];
  /** The person's LinkedIn (and X) profiles. */
  socials: { url: string; platform: string }[];
}

/** Longest text each read column may hold. */
const MAX = { name: 100, company: 200, title: 200, email: 254, domain: 500, code: 100, phone: 40, url: 500 };

/**
 * Reads and checks the rows of an Apollo or Hunter export. A row is rejected, with every reason,
 * when a cell is too long, holds control characters or starts like a formula, when its email is
 * not an address, a phone not a number or a profile link not a LinkedIn (or X) profile, or when it
 * has no email, phone or profile at all.
 */
export function readContacts(
  rows: readonly ImportRow[],
  layout: ContactsLayout,
): { contacts: ContactRow[]; rejected: RejectedRow[] } {
  const columns = CONTACT_COLUMNS[layout];
  const contacts: ContactRow[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const reasons: string[] = [];
    /** The first of `names` with a value, checked as text of at most `max` characters. */
    const read = (names: string[], max: number, value = cell(row, ...names)) => {
      const problem = value ? textProblem(value, max) : null;
      if (problem) reasons.push(`${names.find((name) => row[name]?.trim()) ?? names[0]}: ${problem}`);
      return problem ? '' : value;
    };
    const name = `${read(columns.first, MAX.name)} ${read(columns.last, MAX.name)}`
      .replace(/\s+/g, ' ')
      .trim();
    const title = read(columns.title, MAX.title);
    let address = read(columns.email, MAX.email);
    if (NO_EMAIL.has(address.toLowerCase())) address = '';
    const status = read(columns.status, MAX.code);
    if (address && !EMAIL_ADDRESS.test(address)) {
      reasons.push(`${columns.email[0]}: not an email address "${address}"`);
      address = '';
    }
    const website = read(columns.domain, MAX.domain);
    const host = website ? hostOf(website) : null;
    if (website && !host) reasons.push(`${columns.domain[0]}: not a website or domain "${website}"`);
    /** Phones of these columns (a leading `'`, which keeps a spreadsheet from reading a number, dropped). */
    const phonesOf = (names: string[]) =>
      names.flatMap((column) => {
        const value = read([column], MAX.phone).replace(/^'/, '');
        if (!value) return [];
        if (!isPhone(value)) {
          reasons.push(`${column}: not a phone number "${value}"`);
          return [];
        }
        return [value];
      });
    const companyPhones = phonesOf(columns.companyPhones);
    const taken = new Set(companyPhones.map(phoneKey));
    const phones = phonesOf(columns.phones).filter((phone) => {
      // Apollo's "First Phone" repeats the best of the others: the same number once.
      if (taken.has(phoneKey(phone))) return false;
      taken.add(phoneKey(phone));
      return true;
    });
    const socials: ContactRow['socials'] = [];
    const linkedin = read(columns.linkedin, MAX.url);
    if (linkedin) {
      const media = verifyMedia(linkedin.replace(/^http:\/\//i, 'https://'));
      if (media.valid && media.platform === 'linkedin')
        socials.push({ url: media.url, platform: 'linkedin' });
      else reasons.push(`${columns.linkedin[0]}: not a LinkedIn profile "${linkedin}"`);
    }
    const handle = cell(row, ...columns.twitter).replace(/^@/, '');
    const twitter = handle ? read(columns.twitter, MAX.url, handle) : '';
    if (twitter) {
      const media = verifyMedia(/[/.]/.test(twitter) ? twitter : `https://x.com/${twitter}`);
      if (media.valid && media.platform === 'x') socials.push({ url: media.url, platform: 'x' });
      else reasons.push(`${columns.twitter[0]}: not an X (Twitter) handle "${twitter}"`);
    }
    const domainOfEmail = address ? emailDomain(address) : null;
    const domain = host ?? (domainOfEmail && !isWebmail(domainOfEmail) ? domainOfEmail : null);
    const companyName = read(columns.company, MAX.company).replace(/\s+/g, ' ');
    const companyCountry = read(columns.country, MAX.company);
    const department = read(columns.department, MAX.code);
    const seniority = read(columns.seniority, MAX.code);
    const person = name
      ? { name, title, department: departmentOf(department, title), seniority: seniorityOf(seniority, title) }
      : null;
    if (
      reasons.length === 0 &&
      !address &&
      phones.length + companyPhones.length === 0 &&
      (!person || !socials.length)
    )
      reasons.push('nothing to import: no email, phone or profile link');
    if (reasons.length) {
      rejected.push({ row: index + 1, reasons });
      return;
    }
    contacts.push({
      row: index + 1,
      domain: domain && !isWebmail(domain) ? domain : null,
      company: companyName
        ? { name: companyName, country: companyCountry ? countryCode(companyCountry) : null }
        : null,
      person,
      email: address
        ? { address: address.toLowerCase(), status: emailStatus(status), generic: isGenericAddress(address) }
        : null,
      phones,
      companyPhones,
      socials: person ? socials : [],
    });
  });
  return { contacts, rejected };
}

/** A stored company as the planner needs it: its domains' sources, size, people and contacts. */
export interface StoredLead {
  id: string;
  name: string;
  country: string;
  website: string | null;
  size: string;
  people: { id: string; name: string; position: number }[];
  /** `id` is the stored row's; null for one this import adds. */
  contacts: (LeadContact & { id: number | null; personId: string | null })[];
}

/** What a contacts import writes. */
export interface ContactsPlan {
  people: (LeadPerson & { leadId: string })[];
  contacts: (LeadContact & { leadId: string; personId: string | null })[];
  /** Stored company contacts that now belong to a person. */
  links: { id: number; personId: string }[];
  /** The new quality of each company that got something. */
  quality: Map<string, number>;
  added: number;
  already: number;
  unmatched: UnmatchedRow[];
}

/** A company's domains: its website's host and its emails' domains, webmail ones left out. */
export function domainsOf(lead: Pick<StoredLead, 'website' | 'contacts'>): Set<string> {
  const domains = new Set<string>();
  const host = lead.website ? hostOf(lead.website) : null;
  if (host) domains.add(host);
  for (const contact of lead.contacts)
    if (contact.kind === 'email' && contact.value.includes('@')) domains.add(emailDomain(contact.value));
  for (const domain of domains) if (isWebmail(domain)) domains.delete(domain);
  return domains;
}

/** A stored company by name, for "did you mean". */
export interface KnownCompany {
  id: string;
  name: string;
  country: string;
}

/**
 * `; did you mean "Acme Lighting GmbH" (L000012)?` for a row whose company name found none: the
 * stored company of its country (any, when it gives none) whose compared name (`companyKey`) is
 * nearest by edit distance, at most one edit in five and at most three; '' when none is that near.
 */
export function didYouMean(company: ContactRow['company'], known: readonly KnownCompany[]): string {
  if (!company) return '';
  const key = companyKey(company.name);
  const limit = Math.min(3, Math.floor(key.length / 5));
  let best: { lead: KnownCompany; edits: number } | null = null;
  for (const lead of known) {
    if (company.country && lead.country !== company.country) continue;
    const other = companyKey(lead.name);
    if (Math.abs(other.length - key.length) > limit) continue;
    const edits = distance(key, other);
    if (edits <= limit && (!best || edits < best.edits)) best = { lead, edits };
  }
  return best ? `; did you mean "${best.lead.name}" (${best.lead.id})?` : '';
}

/**
 * Plans a contacts import against the stored companies (mutating `stored` as it goes, so a later
 * row sees what an earlier one added). A row finds its company by domain; exactly one must have it.
 * Within the company a person is found by email (case-insensitive), else by name; a company email
 * the row names is linked to the row's person; new emails, phones and profiles follow the company's
 * existing ones. A row that adds nothing counts as already there.
 */
export function planContacts(
  rows: readonly ContactRow[],
  stored: readonly StoredLead[],
  source: string,
  everyCompany: readonly KnownCompany[] = stored,
): ContactsPlan {
  const byDomain = new Map<string, StoredLead[]>();
  for (const lead of stored)
    for (const domain of domainsOf(lead)) byDomain.set(domain, [...(byDomain.get(domain) ?? []), lead]);
  const plan: ContactsPlan = {
    people: [],
    contacts: [],
    links: [],
    quality: new Map(),
    added: 0,
    already: 0,
    unmatched: [],
  };
  const byName = new Map<string, StoredLead[]>();
  for (const lead of stored) {
    const key = companyKey(lead.name);
    byName.set(key, [...(byName.get(key) ?? []), lead]);
  }
  for (const row of rows) {
    const byDomainFound = row.domain ? (byDomain.get(row.domain) ?? []) : [];
    // No company has the domain: the one company of the row's name (in its country, when given).
    const named = row.company
      ? (byName.get(companyKey(row.company.name)) ?? []).filter(
          (lead) => !row.company!.country || lead.country === row.company!.country,
        )
      : [];
    const found = byDomainFound.length ? byDomainFound : named;
    if (found.length !== 1) {
      const where = row.company?.country ? ` in ${row.company.country}` : '';
      plan.unmatched.push({
        row: row.row,
        reason: found.length
          ? byDomainFound.length
            ? `${found.length} companies with domain ${row.domain} (${found.map((lead) => lead.id).join(', ')})`
            : `${found.length} companies named "${row.company!.name}"${where} (${found.map((lead) => lead.id).join(', ')})`
          : (row.domain
              ? `no company with domain ${row.domain}${row.company ? ` or named "${row.company.name}"${where}` : ''}`
              : row.company
                ? `no company named "${row.company.name}"${where}, and no website or company email`
                : 'no company domain: no website or domain, and no company email') +
            didYouMean(row.company, everyCompany),
      });
      continue;
    }
    const lead = found[0]!;
    // The row's domain is now the company's too: a later row of it finds the company by domain.
    if (row.domain && !byDomainFound.length) byDomain.set(row.domain, [lead]);
    let changed = false;
    const add = (kind: LeadContact['kind'], value: string, label: string, personId: string | null) => {
      const same = lead.contacts.filter((c) => c.kind === kind);
      const position = Math.max(-1, ...same.map((c) => c.position)) + 1;
      // One object in both lists: linking it to a person later in the file changes what is written.
      const contact = { id: null, leadId: lead.id, kind, value, label, position, personId };
      lead.contacts.push(contact);
      plan.contacts.push(contact);
      changed = true;
    };
    const email = row.email;
    const known =
      email && lead.contacts.find((c) => c.kind === 'email' && c.value.toLowerCase() === email.address);
    let personId: string | null = null;
    if (row.person) {
      const owner = known && !email.generic ? known.personId : null;
      const key = personKey(row.person.name);
      const person = owner
        ? lead.people.find((p) => p.id === owner)
        : lead.people.find((p) => personKey(p.name) === key);
      if (person) personId = person.id;
      else {
        const n = Math.max(0, ...lead.people.map((p) => Number(p.id.slice(lead.id.length + 1)) || 0)) + 1;
        const made: LeadPerson = {
          id: `${lead.id}.${n}`,
          ...row.person,
          position: Math.max(-1, ...lead.people.map((p) => p.position)) + 1,
          source,
        };
        lead.people.push(made);
        plan.people.push({ ...made, leadId: lead.id });
        personId = made.id;
        changed = true;
      }
    }
    if (email && !known) add('email', email.address, email.status, email.generic ? null : personId);
    else if (known && known.personId === null && personId && !email!.generic) {
      known.personId = personId;
      if (known.id !== null) plan.links.push({ id: known.id, personId });
      changed = true;
    }
    const phones = (values: string[], owner: string | null) => {
      for (const phone of values)
        if (!lead.contacts.some((c) => c.kind === 'phone' && phoneKey(c.value) === phoneKey(phone)))
          add('phone', phone, '', owner);
    };
    phones(row.phones, personId);
    phones(row.companyPhones, null);
    for (const social of row.socials)
      if (!lead.contacts.some((c) => c.kind === 'social' && socialKey(c.value) === socialKey(social.url)))
        add('social', social.url, social.platform, personId);
    if (changed) {
      plan.added++;
      plan.quality.set(lead.id, leadQuality(lead.contacts, lead.size));
    } else plan.already++;
  }
  return plan;
}

const CHUNK = 2000;

/**
 * Imports an Apollo or Hunter contacts export into the stored companies (docs/imports.md): loads
 * the companies the rows' domains name, plans, and writes people, contacts, links and the new
 * quality of each company in one transaction. Running it again adds nothing.
 */
export async function importContacts(
  db: Db,
  rows: readonly ImportRow[],
  layout: ContactsLayout,
  options: { source: string },
): Promise<ImportReport> {
  const { contacts, rejected } = readContacts(rows, layout);
  const domains = [...new Set(contacts.flatMap((c) => (c.domain ? [c.domain] : [])))];
  const { stored, known } = await loadCompanies(
    db,
    domains,
    contacts.flatMap((c) => (c.company ? [c.company] : [])),
  );
  const plan = planContacts(contacts, stored, options.source, known);
  await db.transaction(async (tx) => {
    for (let i = 0; i < plan.people.length; i += CHUNK)
      await tx.insert(leadPeople).values(plan.people.slice(i, i + CHUNK));
    for (let i = 0; i < plan.contacts.length; i += CHUNK)
      await tx.insert(leadContacts).values(
        plan.contacts.slice(i, i + CHUNK).map(({ leadId, personId, kind, value, label, position }) => ({
          leadId,
          personId,
          kind,
          value,
          label,
          position,
        })),
      );
    for (const link of plan.links)
      await tx.update(leadContacts).set({ personId: link.personId }).where(eq(leadContacts.id, link.id));
    for (const [id, quality] of plan.quality) await tx.update(leads).set({ quality }).where(eq(leads.id, id));
  });
  return { rows: rows.length, added: plan.added, already: plan.already, rejected, unmatched: plan.unmatched };
}

/**
 * The companies with any of these domains (website host or an email's domain), or of one of these
 * names (`companyKey`, in the country when given), with their people and contacts.
 */
async function loadCompanies(
  db: Db,
  domains: readonly string[],
  companies: readonly { name: string; country: string | null }[],
): Promise<{ stored: StoredLead[]; known: KnownCompany[] }> {
  const ids = new Set<string>();
  const names = new Set(companies.map((company) => companyKey(company.name)));
  let known: KnownCompany[] = [];
  if (names.size) {
    const countries = [...new Set(companies.map((company) => company.country))];
    // A row without a country may name a company anywhere.
    known = await db
      .select({ id: leads.id, name: leads.name, country: leads.country })
      .from(leads)
      .where(countries.includes(null) ? undefined : inArray(leads.country, countries as string[]));
    for (const lead of known) if (names.has(companyKey(lead.name))) ids.add(lead.id);
  }
  for (let i = 0; i < domains.length; i += 500) {
    const some = domains.slice(i, i + 500);
    // A coarse filter in SQL; domainsOf decides exactly.
    const byWebsite = await db
      .select({ id: leads.id })
      .from(leads)
      .where(or(...some.map((domain) => sql`lower(${leads.website}) LIKE ${`%${domain}%`}`)));
    const byEmail = await db
      .select({ id: leadContacts.leadId })
      .from(leadContacts)
      .where(
        and(
          eq(leadContacts.kind, 'email'),
          inArray(sql`lower(split_part(${leadContacts.value}, '@', 2))`, some),
        ),
      );
    for (const row of [...byWebsite, ...byEmail]) ids.add(row.id);
  }
  if (ids.size === 0) return { stored: [], known };
  const list = [...ids];
  const found = new Map<string, StoredLead>();
  for (let i = 0; i < list.length; i += 1000) {
    const some = list.slice(i, i + 1000);
    for (const lead of await db
      .select({
        id: leads.id,
        name: leads.name,
        country: leads.country,
        website: leads.website,
        size: leads.size,
      })
      .from(leads)
      .where(inArray(leads.id, some)))
      found.set(lead.id, { ...lead, people: [], contacts: [] });
    for (const person of await db
      .select({
        id: leadPeople.id,
        leadId: leadPeople.leadId,
        name: leadPeople.name,
        position: leadPeople.position,
      })
      .from(leadPeople)
      .where(inArray(leadPeople.leadId, some)))
      found.get(person.leadId)?.people.push(person);
    for (const { leadId, ...contact } of await db
      .select({
        id: leadContacts.id,
        leadId: leadContacts.leadId,
        personId: leadContacts.personId,
        kind: leadContacts.kind,
        value: leadContacts.value,
        label: leadContacts.label,
        position: leadContacts.position,
      })
      .from(leadContacts)
      .where(inArray(leadContacts.leadId, some)))
      found.get(leadId)?.contacts.push(contact);
  }
  // Keep only the companies one of the domains or names really is (the LIKE above also finds `xacme.example`).
  const wanted = new Set(domains);
  const stored = [...found.values()].filter(
    (lead) => names.has(companyKey(lead.name)) || [...domainsOf(lead)].some((domain) => wanted.has(domain)),
  );
  return { stored, known };
}
