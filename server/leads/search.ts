import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { MAX_EMAILS_PER_LEAD, MAX_LEADS_PER_QUERY } from '../../contract/limits.ts';
import { DEPARTMENTS, type Department } from '../../contract/people.ts';
import type { LeadView } from '../../contract/api.ts';
import { rowsOf, tableRow, type Db } from '../platform/db/client.ts';
import { describeError } from '../platform/errors.ts';

export type { LeadView };
import { leadContacts, leadPeople, leadSearchKeys, leads } from '../platform/db/schema.ts';
import { evidenceFor, halfYearBefore, tradeSummary, yearBefore, type Shipment } from './evidence.ts';
import type { Understood } from '../search/parse.ts';
import { conditionKeys, rangesWithin } from '../search/conditions.ts';
import { broaderCategoriesOf, categoriesOf, productForHs, type Product } from '../search/products.ts';
import { categoriesUnderCode } from '../search/codes.ts';
import { keyName, PRODUCT_KEY_BASE, productKeysUnder, productKeysUnderCode } from '../search/keys.ts';
import { PLACE_BY_ISO2 } from '../search/places.ts';
import { kindFit, kindMatch } from '../search/kinds.ts';
import { CATEGORIES, COUNTRY_BY_CODE } from './reference.ts';

/** Candidates read before ranking: a common term never ranks the whole table. */
export const CANDIDATE_CAP = 200;

export type Lang = 'zh' | 'en';

type LeadRow = typeof leads.$inferSelect;

const CATEGORY_BY_SLUG = new Map(CATEGORIES.map((category) => [category.slug, category]));

/** The ids of demo categories by slug. */
const idsOf = (slugs: readonly string[]) =>
  [...new Set(slugs.flatMap((slug) => CATEGORY_BY_SLUG.get(slug)?.id ?? []))].sort((a, b) => a - b);

/**
 * The keys of the asked products, each read by `byProduct`, except that a product read from an
 * HS code is read by `underCode` for the code when that gives any: the search goes by the code.
 */
function keysOfAsked(
  understood: Pick<Understood, 'products' | 'codes'>,
  byProduct: (product: Product) => number[],
  underCode: (code: string) => number[],
): number[] {
  const coded = (understood.codes ?? []).map((code) => ({
    product: productForHs(code),
    keys: underCode(code),
  }));
  const keys = understood.products.flatMap((product) => {
    const under = coded.filter((code) => code.product === product && code.keys.length > 0);
    return under.length ? under.flatMap((code) => code.keys) : byProduct(product);
  });
  return [...new Set(keys)].sort((a, b) => a - b);
}

/**
 * The demo categories whose leads deal in one of the asked products (or a narrower one); for a
 * product read from an HS code, those whose goods are filed under the code, when any are (codes.ts).
 */
export const categoryIdsFor = (understood: Pick<Understood, 'products' | 'codes'>): number[] =>
  keysOfAsked(understood, (product) => idsOf(categoriesOf(product)), categoriesUnderCode);

/**
 * The search keys of the asked products (search/keys.ts): the demo categories that deal in them
 * (`categoryIdsFor`), and the catalogue products themselves and every narrower one, which key the
 * companies whose records or listings name a product no category deals in. For a product read
 * from an HS code, the products filed under the code.
 */
export function searchKeysFor(understood: Pick<Understood, 'products' | 'codes'>): number[] {
  const products = keysOfAsked(understood, productKeysUnder, productKeysUnderCode);
  return [...new Set([...categoryIdsFor(understood), ...products])].sort((a, b) => a - b);
}

/**
 * The asked keys some company has. A product's own key and those under it are many, and most no
 * import ever gave anyone: asking only those in use (one index probe each) keeps a one-product
 * search on its one-key plan.
 */
async function keysInUse(db: Db, keys: readonly number[]): Promise<number[]> {
  const products = keys.filter((key) => key >= PRODUCT_KEY_BASE);
  if (products.length === 0) return [...keys];
  const used = new Set(
    rowsOf<{ key: number }>(
      await db.execute(sql`SELECT key FROM unnest(${intArray(products)}) AS key
                           WHERE EXISTS (SELECT 1 FROM lead_search_keys s WHERE s.category_id = key)`),
    ).map((row) => Number(row.key)),
  );
  return keys.filter((key) => key < PRODUCT_KEY_BASE || used.has(key));
}

/**
 * Whether any company deals in an asked product: a demo category does (the data files say so), or
 * a company is keyed by one of the products (an import gave it records or a listing of it).
 */
export async function anyCompanyFor(
  db: Db,
  understood: Pick<Understood, 'products' | 'codes'>,
): Promise<boolean> {
  if (categoryIdsFor(understood).length) return true;
  return (await keysInUse(db, searchKeysFor(understood))).length > 0;
}

/**
 * When no demo category deals in any asked product, what is offered instead: the nearest broader
 * product of each that has companies ("batteries" for "lithium battery cells"), and their
 * categories. Null when an asked product has categories of its own, or none has a broader one.
 */
export function broaderSetFor(
  understood: Pick<Understood, 'products'>,
): { products: Product[]; categoryIds: number[] } | null {
  if (categoryIdsFor(understood).length) return null;
  const offered = understood.products.flatMap((product) => broaderCategoriesOf(product) ?? []);
  if (offered.length === 0) return null;
  return {
    products: [...new Set(offered.map((o) => o.product))],
    categoryIds: idsOf(offered.flatMap((o) => o.categories)),
  };
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

/** What a card shows of a lead beyond its company row, and this user's unlock and save of it. */
export interface CardFacts {
  contacts: Pick<typeof leadContacts.$inferSelect, 'kind' | 'value' | 'label' | 'position' | 'personId'>[];
  /** By position. */
  people: Pick<typeof leadPeople.$inferSelect, 'id' | 'name' | 'title' | 'department' | 'seniority'>[];
  /** Newest first. */
  shipments: Shipment[];
  /** Emails revealed so far; null when this user has not unlocked the lead. */
  emailsShown: number | null;
  /** The user's memo; null when the lead is not saved. */
  memo: string | null;
}

const NO_FACTS: CardFacts = { contacts: [], people: [], shipments: [], emailsShown: null, memo: null };

/** The columns of a card's facts for the lead `l.id` and `userId` (none: no user's), in one row (JSON per list). */
const factsColumns = (userId: number | null) => sql`
  (SELECT json_agg(json_build_object('kind', c.kind, 'value', c.value, 'label', c.label,
                                     'position', c.position, 'personId', c.person_id))
   FROM lead_contacts c WHERE c.lead_id = l.id) AS facts_contacts,
  (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'title', p.title,
                                     'department', p.department, 'seniority', p.seniority)
                   ORDER BY p.position)
   FROM lead_people p WHERE p.lead_id = l.id) AS facts_people,
  (SELECT json_agg(json_build_object('shippedOn', s.shipped_on, 'hsCode', s.hs_code,
                                     'categoryId', s.category_id, 'origin', s.origin,
                                     'sourceName', s.source_name, 'supplier', s.supplier)
                   ORDER BY s.shipped_on DESC, s.id)
   FROM lead_shipments s WHERE s.lead_id = l.id) AS facts_shipments,
  (SELECT u.emails_shown FROM unlocks u WHERE u.user_id = ${userId} AND u.lead_id = l.id) AS facts_emails_shown,
  (SELECT c.memo FROM collects c WHERE c.user_id = ${userId} AND c.lead_id = l.id) AS facts_memo`;

interface FactsRow {
  facts_contacts: CardFacts['contacts'] | null;
  facts_people: CardFacts['people'] | null;
  facts_shipments: CardFacts['shipments'] | null;
  facts_emails_shown: number | null;
  facts_memo: string | null;
}

const factsOf = (row: FactsRow): CardFacts => ({
  contacts: row.facts_contacts ?? [],
  people: row.facts_people ?? [],
  shipments: row.facts_shipments ?? [],
  emailsShown: row.facts_emails_shown,
  memo: row.facts_memo,
});

/**
 * The facts of every card, in one statement (one parse and one round trip instead of five: a
 * search waits for ten cards).
 */
async function cardFacts(db: Db, ids: readonly string[], userId: number): Promise<Map<string, CardFacts>> {
  const rows = rowsOf<{ id: string } & FactsRow>(
    await db.execute(sql`
      SELECT l.id, ${factsColumns(userId)}
      FROM unnest(ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]) AS l(id)`),
  );
  return new Map(rows.map((row) => [row.id, factsOf(row)]));
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
  /**
   * What the search asked, for the card's `why`; with `broader`, the broader products offered
   * instead of the asked ones (the card says so).
   */
  matched?: Understood & { broader?: boolean },
  /** Read already (with the search's leads): not read again. */
  known?: Map<string, CardFacts>,
): Promise<LeadView[]> {
  if (rows.length === 0) return [];
  const facts =
    known ??
    (await cardFacts(
      db,
      rows.map((row) => row.id),
      userId,
    ));
  // Which of the asked conditions a search checked (the card says so).
  const checked = matched ? conditionKeys(matched.conditions) : [];
  const askedKeys = matched ? searchKeysFor(matched) : [];
  const kinds = matched ? kindMatch(matched) : null;
  return rows.map((row) => {
    const {
      contacts: own,
      people: staff,
      shipments: records,
      emailsShown,
      memo,
    } = facts.get(row.id) ?? NO_FACTS;
    const emails = own.filter((c) => c.kind === 'email').sort((a, b) => a.position - b.position);
    const phones = own.filter((c) => c.kind === 'phone').sort((a, b) => a.position - b.position);
    const socials = own.filter((c) => c.kind === 'social').sort((a, b) => a.position - b.position);
    const unlocked = emailsShown !== null;
    const products = row.categoryIds.flatMap((key) => keyName(key, lang) ?? []);
    // The lead's own products that carry an asked product (or lie under an asked code): what it matched on.
    const carried = row.categoryIds
      .filter((key) => askedKeys.includes(key))
      .flatMap((key) => keyName(key, lang) ?? []);
    // At unlock the first five emails (by position) are revealed, more with "find more emails".
    const shownEmails = unlocked ? emails.slice(0, emailsShown) : [];
    const email = (e: (typeof emails)[number]) => ({ email: e.value, status: e.label });
    const evidence = matched
      ? evidenceFor(records, askedKeys, now, lang, countryName, matched.codes ?? [])
      : null;
    const kind = kindFit(kinds, row.companyType, evidence !== null);
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
      products,
      why: {
        products: carried,
        country: matched?.countries.length ? countryName(row.country, lang) : null,
        role: row.role,
        // A reseller of another kind than asked does not meet the kind (the card says so).
        conditions: kind === 'reseller' ? checked.filter((key) => key !== 'company_type') : checked,
        evidence,
        broader: matched?.broader === true,
        kind,
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
      unlocked,
      collected: memo !== null,
      memo,
      contacts: unlocked
        ? {
            emails: shownEmails.map(email),
            phones: phones.map((p) => p.value),
            socials: socials.map((s) => ({ platform: s.label, url: s.value })),
          }
        : null,
      people: unlocked
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

/**
 * The candidate reads of a search, each capped on its own, none overlapping: with and without
 * records of an asked product, and for kinds of company (kinds.ts) those of a kind asked apart from
 * the other resellers ranked after them, so the others never take the place of one that fits.
 * Every buyer with records of an asked product is an importer of it when importers are asked.
 */
function candidateReads(understood: Understood, asked: SQL, exclude: readonly string[], columns: SQL): SQL[] {
  const kinds = kindMatch(understood);
  return [true, false].flatMap((traded) => {
    if (!kinds || (traded && kinds.byRecords))
      return [keyed(understood, asked, traded, exclude, columns, null)];
    const others = (kinds.among ?? []).filter((kind) => !kinds.fit.includes(kind));
    return [
      keyed(understood, asked, traded, exclude, columns, kinds.fit),
      ...(others.length ? [keyed(understood, asked, traded, exclude, columns, others)] : []),
    ];
  });
}

/** The key columns a one-product search scores a candidate from. */
const ONE_KEY = sql.raw('lead_id, country, quality, named, shipped, company_type, traded');

const intArray = (values: readonly number[]) => sql.raw(`ARRAY[${values.map(Number).join(',')}]::integer[]`);

/**
 * At most CANDIDATE_CAP leads of the asked role, products and countries, with (`traded`) or
 * without shipment records of an asked product, of one of `types` (any kind: null), that meet every
 * condition: read from
 * `lead_search_keys` (one row per lead and category, kept by the database), whose index answers
 * this with a few hundred entries where intersecting the role-and-country and category indexes
 * reads tens of thousands at a million leads. The keys carry the conditions' facts too, so no
 * company row or contact is read here.
 */
function keyed(
  understood: Understood,
  asked: SQL,
  traded: boolean,
  exclude: readonly string[],
  columns: SQL,
  types: readonly string[] | null,
): SQL {
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
  if (types) where.push(inArray(k.companyType, [...types]));
  if (exclude.length) where.push(notInArray(k.leadId, [...exclude]));
  return sql`(SELECT ${columns} FROM ${k} WHERE ${and(...where)} LIMIT ${CANDIDATE_CAP})`;
}

/**
 * Whether the lead's records of the asked products show a new origin or a new shipper in the last 6
 * months, as the card's buying signals read them (`buyingSignals`): an origin first seen on or after
 * `half` while a record is older, or a shipper first named on or after it while an older record named
 * one. The keys hold record dates only, so the candidate's records are read (by their index).
 */
function changedLately(lead: SQL, asked: SQL, half: string): SQL {
  const firsts = (by: SQL, where: SQL) =>
    sql`SELECT min(shipped_on) AS first, ${by} AS seen FROM lead_shipments
        WHERE lead_id = ${lead} AND category_id = ANY(${asked}) AND ${where} GROUP BY ${by}`;
  return sql`COALESCE(
    (SELECT max(first) FILTER (WHERE seen <> '') >= ${half}::date AND min(first) < ${half}::date
     FROM (${firsts(sql`origin`, sql`true`)}) AS origins)
    OR (SELECT max(first) >= ${half}::date AND min(first) < ${half}::date
        FROM (${firsts(sql`lower(supplier)`, sql`supplier IS NOT NULL`)}) AS shippers),
    false)`;
}

export interface FoundLeads {
  rows: LeadRow[];
  /** Whether more leads match beyond these (for "show more"). */
  more: boolean;
  /** Their cards' facts for the user they were found for (`viewLeads` takes them). */
  facts: Map<string, CardFacts>;
}

/**
 * Finds at most 10 leads for what was understood: role, one of the products, one of the countries
 * and every condition must match (never padded with weaker matches); leads in `exclude` (already
 * shown in this conversation) are left out. Several countries take turns, so one market does not
 * fill the answer. Candidates are capped before ranking. In the same statement their cards' facts
 * are read for `shownTo` and the leads are recorded as shown to that user (from then on they may
 * save or unlock them): a search waits for one round trip, not three.
 */
export async function findLeads(
  db: Db,
  understood: Understood,
  now: Date,
  {
    exclude = [],
    shownTo,
    replica,
    categoryIds = searchKeysFor(understood),
  }: {
    exclude?: readonly string[];
    /** The keys searched (search/keys.ts): the asked products' (`searchKeysFor`), or a broader set's categories. */
    categoryIds?: readonly number[];
    shownTo?: number;
    /** A read replica of `db` (DATABASE_READ_URL): the leads are found there (findOnReplica). */
    replica?: Db | null;
  } = {},
): Promise<FoundLeads> {
  if (replica && replica !== db)
    return findOnReplica(db, replica, understood, now, exclude, shownTo, categoryIds);
  categoryIds = await keysInUse(db, categoryIds);
  if (categoryIds.length === 0) return { rows: [], more: false, facts: new Map() };
  const asked = intArray(categoryIds);
  const since = yearBefore(now);
  // Whether a candidate is of a kind asked (or an importer by its records): those come first.
  const kinds = kindMatch(understood);
  const fits = (of: string) =>
    kinds?.among
      ? sql`(${sql.raw(of)}company_type = ANY(${toTextArray(kinds.fit)})${
          kinds.byRecords ? sql.raw(` OR ${of}traded`) : sql``
        })`
      : sql`true`;
  // Of a kind asked first, when other resellers are found too. Then recent records of an asked
  // product, repeated ones (2 or more), growing ones (buyingSignals in evidence.ts: 2 or more in the
  // last 6 months and more than in the 6 before), a new origin or supplier in the last 6 months
  // (`changedLately`); then a named person on the deciding side
  // (purchasing or management for a buyer, sales or management for a supplier); then more such
  // records and the newer latest one; then more of the asked products; then the more complete
  // record. Countries take turns. Companies with records of an asked product are read first, so
  // the cap never hides them; each candidate is then scored from its keys of the asked products
  // alone (quality, named, record dates: kept by the database, migration 0013).
  const rank = (of = '') =>
    sql.raw(
      `${of}fit DESC, (${of}recent > 0) DESC, (${of}recent > 1) DESC, ` +
        `(${of}lately > 1 AND ${of}lately * 2 > ${of}recent) DESC, ${of}changed DESC, ` +
        `${of}named DESC, ${of}recent DESC, ${of}latest DESC NULLS LAST, ` +
        `${of}overlap DESC, ${of}quality DESC, ${of}id`,
    );
  const half = halfYearBefore(now);
  const recent = (shipped: SQL, from = since) =>
    sql`(SELECT count(*) FROM unnest(${shipped}) AS d WHERE d >= ${from}::date)`;
  const keyed =
    categoryIds.length === 1
      ? // One product asked: a candidate has one key of it, which holds its whole score.
        sql`SELECT lead_id AS id, country, quality, named, 1 AS overlap, shipped[1] AS latest,
                   ${recent(sql`shipped`)} AS recent, ${recent(sql`shipped`, half)} AS lately,
                   ${fits('')} AS fit
            FROM (${sql.join(candidateReads(understood, asked, exclude, ONE_KEY), sql` UNION ALL `)}) AS k`
      : // Several: a candidate's keys of all the asked products it carries make its score.
        sql`SELECT k.lead_id AS id, min(k.country) AS country, max(k.quality) AS quality,
                   bool_or(k.named) AS named, count(*) AS overlap, max(k.shipped[1]) AS latest,
                   sum(${recent(sql`k.shipped`)}) AS recent, sum(${recent(sql`k.shipped`, half)}) AS lately,
                   bool_or(${fits('k.')}) AS fit
            FROM (${sql.join(candidateReads(understood, asked, exclude, sql.raw('lead_id AS id')), sql` UNION `)}) AS c
            JOIN lead_search_keys k ON k.lead_id = c.id AND k.category_id = ANY(${asked})
            GROUP BY k.lead_id`;
  // A change needs a record in the last 6 months: only those candidates read their records.
  const scored = sql`SELECT s.*, CASE WHEN s.lately > 0 THEN ${changedLately(sql`s.id`, asked, half)}
                                 ELSE false END AS changed
                     FROM (${keyed}) AS s`;
  // The first MAX_LEADS_PER_QUERY + 1: one more than shown says whether there are more. With one
  // country asked there are no turns to take.
  const top =
    understood.countries.length === 1
      ? sql`SELECT *, 1 AS turn FROM scored ORDER BY ${rank()} LIMIT ${MAX_LEADS_PER_QUERY + 1}`
      : sql`SELECT * FROM (
              SELECT *, row_number() OVER (PARTITION BY country ORDER BY ${rank()}) AS turn FROM scored
            ) AS turns
            ORDER BY fit DESC, turn, ${rank()} LIMIT ${MAX_LEADS_PER_QUERY + 1}`;
  // Materialized: the few chosen are joined to their companies and facts, and recorded as shown.
  const found = rowsOf<Record<string, unknown> & FactsRow>(
    await db.execute(sql`
      WITH scored AS (${scored}), top AS MATERIALIZED (${top})${
        shownTo === undefined
          ? sql``
          : sql`, shown AS (
              INSERT INTO shown_leads (user_id, lead_id)
              SELECT ${shownTo}, id FROM top ORDER BY fit DESC, turn, ${rank()} LIMIT ${MAX_LEADS_PER_QUERY}
              ON CONFLICT DO NOTHING
            )`
      }
      SELECT l.*, ${factsColumns(shownTo ?? null)}
      FROM top JOIN leads l ON l.id = top.id
      ORDER BY top.fit DESC, top.turn, ${rank('top.')}`),
  );
  const rows = found.slice(0, MAX_LEADS_PER_QUERY);
  return {
    rows: rows.map((row) => tableRow(leads, row)),
    more: found.length > MAX_LEADS_PER_QUERY,
    facts: new Map(rows.map((row) => [row.id as string, factsOf(row)])),
  };
}

/** When the replica last failed (logged at most once a minute). */
let replicaFailedAt = 0;

/**
 * The search on a read replica (issue 36), read-your-writes kept. The replica runs the very
 * statement `findLeads` runs, ranking included, for no user: it reads only the leads, their people,
 * contacts, records and keys, which users' requests never write (imports and the seed do). What a
 * user wrote is read and written on the primary, in one statement, before a card is sent: the
 * leads are recorded as shown there (so an unlock or save right after finds them), and this user's
 * unlock and save of each card are read there (so a lead unlocked a moment ago shows unlocked,
 * whatever the replica's lag). A lead the primary no longer has is left out. A replica that fails
 * (down, restarting, a query cancelled by recovery) leaves the search to the primary.
 */
async function findOnReplica(
  db: Db,
  replica: Db,
  understood: Understood,
  now: Date,
  exclude: readonly string[],
  shownTo: number | undefined,
  categoryIds: readonly number[],
): Promise<FoundLeads> {
  let found: FoundLeads;
  try {
    found = await findLeads(replica, understood, now, { exclude, categoryIds });
  } catch (error) {
    if (Date.now() - replicaFailedAt > 60_000)
      console.error(`[db] the read replica failed, searching on the primary: ${describeError(error)}`);
    replicaFailedAt = Date.now();
    return findLeads(db, understood, now, {
      exclude,
      categoryIds,
      ...(shownTo === undefined ? {} : { shownTo }),
    });
  }
  if (shownTo === undefined || found.rows.length === 0) return found;
  const ids = found.rows.map((row) => row.id);
  const mine = rowsOf<{ id: string; present: boolean; emails_shown: number | null; memo: string | null }>(
    await db.execute(sql`
      WITH found AS (SELECT f.id, l.id IS NOT NULL AS present
                     FROM unnest(${toTextArray(ids)}) AS f(id) LEFT JOIN leads l ON l.id = f.id),
      shown AS (
        INSERT INTO shown_leads (user_id, lead_id)
        SELECT ${shownTo}, id FROM found WHERE present
        ON CONFLICT DO NOTHING
      )
      SELECT found.id, found.present,
        (SELECT u.emails_shown FROM unlocks u WHERE u.user_id = ${shownTo} AND u.lead_id = found.id) AS emails_shown,
        (SELECT c.memo FROM collects c WHERE c.user_id = ${shownTo} AND c.lead_id = found.id) AS memo
      FROM found`),
  );
  const byId = new Map(mine.map((row) => [row.id, row]));
  const rows = found.rows.filter((row) => byId.get(row.id)?.present);
  return {
    rows,
    more: found.more,
    facts: new Map(
      rows.map((row) => {
        const own = byId.get(row.id)!;
        return [
          row.id,
          { ...(found.facts.get(row.id) ?? NO_FACTS), emailsShown: own.emails_shown, memo: own.memo },
        ];
      }),
    ),
  };
}

/** A text[] parameter. */
const toTextArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
