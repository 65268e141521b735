import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { MAX_EMAILS_PER_LEAD, MAX_LEADS_PER_QUERY } from '../../contract/limits.ts';
import { DEPARTMENTS, type Department } from '../../contract/people.ts';
import type { LeadView } from '../../contract/api.ts';
import { rowsOf, type Db } from '../platform/db/client.ts';

export type { LeadView };
import { collects, leadContacts, leadPeople, leadSearchKeys, leads, unlocks } from '../platform/db/schema.ts';
import { evidenceFor, shipmentsOf, tradeSummary, yearBefore } from './evidence.ts';
import type { Understood } from './parse.ts';
import { conditionKeys, rangesWithin } from './conditions.ts';
import { categoriesOf, matchesProduct } from './products.ts';
import { PLACE_BY_ISO2 } from './places.ts';
import { CATEGORIES, CATEGORY_BY_ID, COUNTRY_BY_CODE } from './reference.ts';

/** Candidates read before ranking: a common term never ranks the whole table. */
export const CANDIDATE_CAP = 200;

export type Lang = 'zh' | 'en';

type LeadRow = typeof leads.$inferSelect;

const CATEGORY_BY_SLUG = new Map(CATEGORIES.map((category) => [category.slug, category]));

/** The demo categories whose leads carry one of the asked products (or a narrower one). */
export function categoryIdsFor(understood: Pick<Understood, 'products'>): number[] {
  const ids = new Set<number>();
  for (const product of understood.products)
    for (const slug of categoriesOf(product)) {
      const category = CATEGORY_BY_SLUG.get(slug);
      if (category) ids.add(category.id);
    }
  return [...ids].sort((a, b) => a - b);
}

/** A country's name in `lang`, for any ISO code (demo countries and every other). */
export function countryName(code: string, lang: Lang): string {
  return COUNTRY_BY_CODE.get(code)?.[lang] ?? PLACE_BY_ISO2.get(code)?.[lang] ?? code;
}

/** Departments most frequent first (ties in DEPARTMENTS order). */
function departmentsOf(people: readonly { department: Department }[]): Department[] {
  const counts = new Map<Department, number>();
  for (const person of people) counts.set(person.department, (counts.get(person.department) ?? 0) + 1);
  return [...counts.keys()].sort(
    (a, b) => counts.get(b)! - counts.get(a)! || DEPARTMENTS.indexOf(a) - DEPARTMENTS.indexOf(b),
  );
}

/**
 * Builds the views of `rows` for `userId`: lock counts, trade evidence, unlock and collect state,
 * and the contacts and named people once unlocked. Before unlocking nothing names a person or an
 * address: only how many there are and their departments.
 */
export async function viewLeads(
  db: Db,
  rows: LeadRow[],
  userId: number,
  lang: Lang,
  now: Date,
  matched?: Understood,
): Promise<LeadView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [contacts, people, shipments, unlocked, saved] = await Promise.all([
    db.select().from(leadContacts).where(inArray(leadContacts.leadId, ids)),
    db
      .select()
      .from(leadPeople)
      .where(inArray(leadPeople.leadId, ids))
      .orderBy(leadPeople.leadId, leadPeople.position),
    shipmentsOf(db, ids),
    db
      .select()
      .from(unlocks)
      .where(and(eq(unlocks.userId, userId), inArray(unlocks.leadId, ids))),
    db
      .select()
      .from(collects)
      .where(and(eq(collects.userId, userId), inArray(collects.leadId, ids))),
  ]);
  const unlockedBy = new Map(unlocked.map((u) => [u.leadId, u]));
  const savedBy = new Map(saved.map((c) => [c.leadId, c]));
  // Which of the asked conditions a search checked (the card says so).
  const checked = matched ? conditionKeys(matched.conditions) : [];
  const askedCategories = matched ? categoryIdsFor(matched) : [];
  return rows.map((row) => {
    const own = contacts.filter((c) => c.leadId === row.id);
    const emails = own.filter((c) => c.kind === 'email').sort((a, b) => a.position - b.position);
    const phones = own.filter((c) => c.kind === 'phone').sort((a, b) => a.position - b.position);
    const socials = own.filter((c) => c.kind === 'social').sort((a, b) => a.position - b.position);
    const staff = people.filter((p) => p.leadId === row.id);
    const records = shipments.get(row.id) ?? [];
    const unlock = unlockedBy.get(row.id);
    const categories = row.categoryIds.map((id) => CATEGORY_BY_ID.get(id)).filter((c) => c !== undefined);
    // The lead's own products that carry an asked product: the concrete thing it matched on.
    const carried = categories.filter((category) =>
      matched?.products.some((asked) => matchesProduct(asked, category.slug)),
    );
    // At unlock the first five emails (by position) are revealed, more with "find more emails".
    const shownEmails = unlock ? emails.slice(0, unlock.emailsShown) : [];
    const email = (e: (typeof emails)[number]) => ({ email: e.value, status: e.label });
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      country: { code: row.country, name: countryName(row.country, lang) },
      city: row.city,
      website: row.website,
      size: row.size,
      company_type: row.companyType,
      founded_year: row.foundedYear,
      description: lang === 'zh' ? row.descriptionZh : row.descriptionEn,
      products: categories.map((c) => c[lang]),
      why: {
        products: carried.map((c) => c[lang]),
        country: matched?.countries.length ? countryName(row.country, lang) : null,
        role: row.role,
        conditions: checked,
        evidence: matched ? evidenceFor(records, askedCategories, now, lang, countryName) : null,
      },
      trade: tradeSummary(records, now, lang, countryName),
      // Behind the lock: at most 5 emails are revealed at unlock (spec §9).
      locked: {
        emails: Math.min(emails.length, MAX_EMAILS_PER_LEAD),
        phones: phones.length,
        socials: socials.length,
        people: staff.length,
        departments: departmentsOf(staff),
      },
      unlocked: Boolean(unlock),
      collected: savedBy.has(row.id),
      memo: savedBy.get(row.id)?.memo ?? null,
      contacts: unlock
        ? {
            emails: shownEmails.map(email),
            phones: phones.map((p) => p.value),
            socials: socials.map((s) => ({ platform: s.label, url: s.value })),
          }
        : null,
      people: unlock
        ? staff.map((person) => ({
            id: person.id,
            name: person.name,
            title: person.title,
            department: person.department,
            seniority: person.seniority,
            emails: shownEmails.filter((e) => e.personId === person.id).map(email),
            phones: phones.filter((p) => p.personId === person.id).map((p) => p.value),
            socials: socials
              .filter((p) => p.personId === person.id)
              .map((s) => ({ platform: s.label, url: s.value })),
          }))
        : null,
    };
  });
}

const intArray = (values: number[]) => sql.raw(`ARRAY[${values.map(Number).join(',')}]::integer[]`);

/**
 * At most CANDIDATE_CAP leads of the asked role, products and countries, with (`traded`) or
 * without shipment records of an asked product, that meet every condition: read from
 * `lead_search_keys` (one row per lead and category, kept by the database), whose index answers
 * this with a few hundred entries where intersecting the role-and-country and category indexes
 * reads tens of thousands at a million leads. The keys carry the conditions' facts too, so no
 * company row or contact is read here.
 */
function keyed(understood: Understood, asked: SQL, traded: boolean, exclude: readonly string[]): SQL {
  const k = leadSearchKeys;
  const where: SQL[] = [
    sql`${k.categoryId} = ANY(${asked})`,
    eq(k.role, understood.role),
    eq(k.traded, traded),
  ];
  if (understood.countries.length) where.push(inArray(k.country, understood.countries));
  const c = understood.conditions;
  if (c.phone) where.push(eq(k.phone, true));
  // An address known to bounce does not count as a way to reach the company (kept so by 0014).
  if (c.email) where.push(eq(k.email, true));
  if (c.employees) {
    const ranges = rangesWithin(c.employees);
    where.push(ranges.length ? inArray(k.size, ranges) : sql`false`);
  }
  if (c.companyType) where.push(eq(k.companyType, c.companyType));
  if (exclude.length) where.push(notInArray(k.leadId, [...exclude]));
  return sql`(SELECT ${k.leadId} AS id FROM ${k} WHERE ${and(...where)} LIMIT ${CANDIDATE_CAP})`;
}

export interface FoundLeads {
  rows: LeadRow[];
  /** Whether more leads match beyond these (for "show more"). */
  more: boolean;
}

/**
 * Finds at most 10 leads for what was understood: role, one of the products, one of the countries
 * and every condition must match (never padded with weaker matches); leads in `exclude` (already
 * shown in this conversation) are left out. Several countries take turns, so one market does not
 * fill the answer. Candidates are capped before ranking.
 */
export async function findLeads(
  db: Db,
  understood: Understood,
  now: Date,
  exclude: readonly string[] = [],
): Promise<FoundLeads> {
  const categoryIds = categoryIdsFor(understood);
  if (categoryIds.length === 0) return { rows: [], more: false };
  const asked = intArray(categoryIds);
  const since = yearBefore(now);
  // Recent, repeated records of an asked product; then a named person on the deciding side
  // (purchasing or management for a buyer, sales or management for a supplier); then more such
  // records and the newer latest one; then more of the asked products; then the more complete
  // record. Countries take turns. Companies with records of an asked product are read first, so
  // the cap never hides them; each candidate is then scored from its keys of the asked products
  // alone (quality, named, record dates: kept by the database, migration 0013).
  const rank = sql.raw(
    '(recent > 0) DESC, named DESC, recent DESC, latest DESC NULLS LAST, overlap DESC, quality DESC',
  );
  const order = rowsOf<{ id: string }>(
    await db.execute(sql`
      WITH candidates AS (
        ${keyed(understood, asked, true, exclude)}
        UNION
        ${keyed(understood, asked, false, exclude)}
      ), scored AS (
        SELECT k.lead_id AS id, min(k.country) AS country, max(k.quality) AS quality,
               bool_or(k.named) AS named, count(*) AS overlap, max(k.shipped[1]) AS latest,
               sum((SELECT count(*) FROM unnest(k.shipped) AS d WHERE d >= ${since}::date)) AS recent
        FROM candidates c JOIN lead_search_keys k ON k.lead_id = c.id AND k.category_id = ANY(${asked})
        GROUP BY k.lead_id
      )
      ${
        // With one country asked there are no turns to take: the order is the rank.
        understood.countries.length === 1
          ? sql`SELECT id FROM scored ORDER BY ${rank}, id`
          : sql`SELECT id FROM (
                  SELECT id, recent, named, latest, overlap, quality,
                         row_number() OVER (PARTITION BY country ORDER BY ${rank}, id) AS turn
                  FROM scored
                ) ranked
                ORDER BY turn, ${rank}, id`
      }
      LIMIT ${MAX_LEADS_PER_QUERY + 1}`),
  );
  const ids = order.slice(0, MAX_LEADS_PER_QUERY).map((row) => row.id);
  if (ids.length === 0) return { rows: [], more: false };
  const rows = await db.select().from(leads).where(inArray(leads.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined),
    more: order.length > MAX_LEADS_PER_QUERY,
  };
}
