import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_LEADS_PER_QUERY } from '../../contract/limits.ts';
import type { LeadView } from '../../contract/api.ts';
import type { Db } from '../platform/db/client.ts';

export type { LeadView };
import { collects, leadContacts, leads, unlocks } from '../platform/db/schema.ts';
import type { Understood } from './parse.ts';
import { CATEGORY_BY_ID, COUNTRY_BY_CODE } from './reference.ts';

/** Candidates read before ranking: a common term never ranks the whole table. */
export const CANDIDATE_CAP = 200;

export type Lang = 'zh' | 'en';

type LeadRow = typeof leads.$inferSelect;

/** Builds the views of `rows` for `userId`: lock counts, unlock and collect state, contacts when unlocked. */
export async function viewLeads(
  db: Db,
  rows: LeadRow[],
  userId: number,
  lang: Lang,
  matched?: Understood,
): Promise<LeadView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [contacts, unlocked, saved] = await Promise.all([
    db.select().from(leadContacts).where(inArray(leadContacts.leadId, ids)),
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
  return rows.map((row) => {
    const own = contacts.filter((c) => c.leadId === row.id);
    const emails = own.filter((c) => c.kind === 'email').sort((a, b) => a.position - b.position);
    const phones = own.filter((c) => c.kind === 'phone');
    const socials = own.filter((c) => c.kind === 'social');
    const unlock = unlockedBy.get(row.id);
    const country = COUNTRY_BY_CODE.get(row.country);
    const categories = row.categoryIds.map((id) => CATEGORY_BY_ID.get(id)).filter((c) => c !== undefined);
    const matchedIds = new Set(matched?.categories.map((c) => c.id) ?? []);
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      country: { code: row.country, name: country ? country[lang] : row.country },
      city: row.city,
      website: row.website,
      size: row.size,
      description: lang === 'zh' ? row.descriptionZh : row.descriptionEn,
      products: categories.map((c) => c[lang]),
      why: {
        products: categories.filter((c) => matchedIds.has(c.id)).map((c) => c[lang]),
        country: matched?.country ? (country ? country[lang] : row.country) : null,
        role: row.role,
      },
      // Behind the lock: at most 5 emails are revealed at unlock (spec §9).
      locked: { emails: Math.min(emails.length, 5), phones: phones.length, socials: socials.length },
      unlocked: Boolean(unlock),
      collected: savedBy.has(row.id),
      memo: savedBy.get(row.id)?.memo ?? null,
      contacts: unlock
        ? {
            emails: emails.slice(0, unlock.emailsShown).map((e) => ({ email: e.value, status: e.label })),
            phones: phones.map((p) => p.value),
            socials: socials.map((s) => ({ platform: s.label, url: s.value })),
          }
        : null,
    };
  });
}

/**
 * Finds at most 10 leads for what was understood: role, country and products must all match
 * (never padded with weak matches). Without a recognized product the leftover words are matched
 * with trigrams. Candidates are capped before ranking.
 */
export async function findLeads(db: Db, understood: Understood): Promise<LeadRow[]> {
  const conditions = [eq(leads.role, understood.role)];
  if (understood.country) conditions.push(eq(leads.country, understood.country.iso2));
  const categoryIds = understood.categories.map((c) => c.id);
  if (categoryIds.length) {
    conditions.push(
      sql`${leads.categoryIds} && ${sql.raw(`ARRAY[${categoryIds.map(Number).join(',')}]::integer[]`)}`,
    );
  } else if (understood.keywords.length) {
    for (const word of understood.keywords.slice(0, 3))
      conditions.push(sql`${leads.searchText} LIKE ${`%${word.replace(/[%_\\]/g, '\\$&')}%`}`);
  } else {
    // Neither product nor words: nothing specific to search for.
    return [];
  }
  const candidates = db
    .select()
    .from(leads)
    .where(and(...conditions))
    .limit(CANDIDATE_CAP)
    .as('candidates');
  // More of the asked products first, then the more complete records.
  const order = categoryIds.length
    ? [
        desc(
          sql<number>`cardinality(array(select unnest(${candidates.categoryIds}) intersect select unnest(${sql.raw(`ARRAY[${categoryIds.map(Number).join(',')}]::integer[]`)})))`,
        ),
        desc(candidates.quality),
        candidates.id,
      ]
    : [desc(candidates.quality), candidates.id];
  const rows = await db
    .select()
    .from(candidates)
    .orderBy(...order)
    .limit(MAX_LEADS_PER_QUERY);
  return rows as LeadRow[];
}
