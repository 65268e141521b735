import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type LeadExport, type LeadFacets, type LeadListPage } from '../../contract/api.ts';
import {
  EXPORT_MAX_ROWS,
  LEAD_STAGES,
  MAX_TAGS_PER_LEAD,
  normalizeTags,
  type LeadStage,
} from '../../contract/rules.ts';
import type { LeadExportQuery } from '../../contract/schemas.ts';
import { AppError } from '../platform/errors.ts';
import { collects, leads, unlocks, type UserRow } from '../platform/db/schema.ts';
import type { Services } from '../platform/services.ts';
import { COUNTRIES } from './reference.ts';
import { PLACES } from '../search/places.ts';
import { countryName, viewLeads, type Lang } from './search.ts';

/**
 * Saved and unlocked leads as a working list (issue 16.3): filters, sorts, the pipeline stage and
 * tags of each saved lead, bulk changes, the export of every matching row and the filters' choices.
 * Stages and tags live on `collects`: a lead has them once saved. Setting the stage of an unlocked
 * lead that is not saved saves it (docs/leads-pipeline.md).
 */

export type ListKind = 'collects' | 'unlocked';
export type LeadFilters = LeadExportQuery;

/** The ISO codes a typed country stands for: a code, or a name in either language; [] when none. */
export function countryCodes(typed: string): string[] {
  const text = typed.trim();
  const lower = text.toLocaleLowerCase();
  if (/^[a-z]{2}$/i.test(text)) return [text.toUpperCase()];
  const exact = new Set<string>();
  for (const place of PLACES)
    if (place.en.toLocaleLowerCase() === lower || place.zh === text || place.iso3.toLowerCase() === lower)
      exact.add(place.iso2);
  for (const country of COUNTRIES)
    if (country.aliases_en.includes(lower) || country.aliases_zh.includes(text)) exact.add(country.iso2);
  if (exact.size) return [...exact];
  // A name begun ("Austr", "澳大"): every country it begins.
  return PLACES.filter((p) => p.en.toLocaleLowerCase().startsWith(lower) || p.zh.startsWith(text)).map(
    (p) => p.iso2,
  );
}

/** The `from` of a list: the saved leads, or the unlocked ones with their save (if any) joined. */
function listed(services: Services, userId: number, kind: ListKind) {
  const base = services.db
    .select({
      lead: leads,
      at: kind === 'collects' ? collects.createdAt : unlocks.createdAt,
      stage: collects.stage,
      tags: collects.tags,
    })
    .from(kind === 'collects' ? collects : unlocks);
  if (kind === 'collects') return base.innerJoin(leads, eq(leads.id, collects.leadId));
  return base
    .innerJoin(leads, eq(leads.id, unlocks.leadId))
    .leftJoin(collects, and(eq(collects.userId, userId), eq(collects.leadId, unlocks.leadId)));
}

function conditions(userId: number, kind: ListKind, query: LeadFilters): SQL[] {
  const where: SQL[] = [eq(kind === 'collects' ? collects.userId : unlocks.userId, userId)];
  if (query.country) {
    const codes = countryCodes(query.country);
    where.push(codes.length ? inArray(leads.country, codes) : sql`false`);
  }
  if (query.role) where.push(eq(leads.role, query.role));
  if (query.stage) where.push(eq(collects.stage, query.stage));
  if (query.tag)
    where.push(
      sql`EXISTS (SELECT 1 FROM unnest(${collects.tags}) AS t WHERE lower(t) = ${query.tag.toLowerCase()})`,
    );
  if (query.q)
    where.push(sql`${leads.searchText} LIKE ${`%${query.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`);
  return where;
}

/** Country names in alphabetical order as a reader of `lang` expects (pinyin order in Chinese). */
const nameOrder = (lang: Lang) => new Intl.Collator(lang === 'zh' ? 'zh-Hans-u-co-pinyin' : 'en').compare;

/** Every country code in the order of its name in `lang`. */
const BY_NAME: Record<Lang, string[]> = { zh: [], en: [] };
function codesByName(lang: Lang): string[] {
  if (BY_NAME[lang].length === 0) {
    const compare = nameOrder(lang);
    BY_NAME[lang] = PLACES.map((place) => place.iso2).sort((a, b) =>
      compare(countryName(a, lang), countryName(b, lang)),
    );
  }
  return BY_NAME[lang];
}

function ordering(kind: ListKind, query: LeadFilters, lang: Lang): SQL[] {
  const at = kind === 'collects' ? collects.createdAt : unlocks.createdAt;
  const way = query.dir === 'desc' ? desc : asc;
  const stagePosition = sql`array_position(ARRAY[${sql.join(
    LEAD_STAGES.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[], ${collects.stage})`;
  switch (query.sort ?? 'newest') {
    case 'oldest':
      return [asc(at), asc(leads.id)];
    case 'name':
      return [way(leads.name), asc(leads.id)];
    case 'country': {
      // By the country's name as the page shows it, not its code.
      const position = sql`array_position(ARRAY[${sql.join(
        codesByName(lang).map((code) => sql`${code}`),
        sql`, `,
      )}]::text[], ${leads.country})`;
      return [
        query.dir === 'desc' ? sql`${position} DESC` : sql`${position} ASC`,
        asc(leads.name),
        asc(leads.id),
      ];
    }
    case 'role':
      return [way(leads.role), asc(leads.name), asc(leads.id)];
    case 'stage':
      return [
        query.dir === 'desc' ? sql`${stagePosition} DESC NULLS LAST` : sql`${stagePosition} ASC NULLS LAST`,
        desc(at),
        asc(leads.id),
      ];
    default:
      return [desc(at), asc(leads.id)];
  }
}

/** Rows of one page (or of the export) with their pipeline fields, and how many the filters match. */
async function select(
  services: Services,
  user: UserRow,
  kind: ListKind,
  query: LeadFilters,
  window: { limit: number; offset: number },
  lang: Lang,
) {
  const where = and(...conditions(user.id, kind, query));
  const rows = await listed(services, user.id, kind)
    .where(where)
    .orderBy(...ordering(kind, query, lang))
    .limit(window.limit)
    .offset(window.offset);
  // The same joins as `listed`, counted (the unlocked list's join to collects filters by stage and tag).
  const from = services.db.select({ n: count() }).from(kind === 'collects' ? collects : unlocks);
  const counted =
    kind === 'collects'
      ? from.innerJoin(leads, eq(leads.id, collects.leadId))
      : from
          .innerJoin(leads, eq(leads.id, unlocks.leadId))
          .leftJoin(collects, and(eq(collects.userId, user.id), eq(collects.leadId, unlocks.leadId)));
  const [total] = await counted.where(where);
  const views = await viewLeads(
    services.db,
    rows.map((r) => r.lead),
    user.id,
    lang,
    services.clock.now(),
  );
  return {
    items: views.map((view, i) => ({
      ...view,
      stage: (rows[i]!.stage ?? null) as LeadStage | null,
      tags: rows[i]!.tags ?? [],
      listed_at: (rows[i]!.at ?? new Date(0)).toISOString(),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** One page of the user's saved or unlocked leads (newest first unless sorted otherwise). */
export async function listPage(
  services: Services,
  user: UserRow,
  kind: ListKind,
  query: LeadFilters & { page: number; page_size: number },
  lang: Lang,
): Promise<LeadListPage> {
  return select(
    services,
    user,
    kind,
    query,
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
    lang,
  );
}

/** Every row the filters match, in the list's order, up to EXPORT_MAX_ROWS. */
export async function exportRows(
  services: Services,
  user: UserRow,
  kind: ListKind,
  query: LeadFilters,
  lang: Lang,
): Promise<LeadExport> {
  const { items, total } = await select(
    services,
    user,
    kind,
    query,
    { limit: EXPORT_MAX_ROWS, offset: 0 },
    lang,
  );
  return { items, total, limit: EXPORT_MAX_ROWS };
}

/** The countries (named in `lang`) and tags the user's list holds: the filters' choices. */
export async function listFacets(
  services: Services,
  user: UserRow,
  kind: ListKind,
  lang: Lang,
): Promise<LeadFacets> {
  const rows = await listed(services, user.id, kind).where(
    eq(kind === 'collects' ? collects.userId : unlocks.userId, user.id),
  );
  const codes = [...new Set(rows.map((r) => r.lead.country))];
  const countries = codes
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => nameOrder(lang)(a.name, b.name));
  const tags = new Map<string, string>();
  for (const row of rows) for (const tag of row.tags ?? []) tags.set(tag.toLowerCase(), tag);
  return { countries, tags: [...tags.values()].sort((a, b) => a.localeCompare(b)) };
}

/**
 * The stage of some of the user's leads. Ids must be saved or unlocked by this user: an unlocked
 * lead that is not saved is saved at that stage. Any other id refuses the whole call (40400) and
 * changes nothing.
 */
export async function setStage(
  services: Services,
  user: UserRow,
  leadIds: string[],
  stage: LeadStage,
): Promise<void> {
  const ids = [...new Set(leadIds)];
  await services.db.transaction(async (tx) => {
    const saved = await tx
      .select({ id: collects.leadId })
      .from(collects)
      .where(and(eq(collects.userId, user.id), inArray(collects.leadId, ids)));
    const savedIds = new Set(saved.map((r) => r.id));
    const rest = ids.filter((id) => !savedIds.has(id));
    if (rest.length) {
      const unlocked = await tx
        .select({ id: unlocks.leadId })
        .from(unlocks)
        .where(and(eq(unlocks.userId, user.id), inArray(unlocks.leadId, rest)));
      if (unlocked.length !== rest.length) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
      await tx
        .insert(collects)
        .values(rest.map((leadId) => ({ userId: user.id, leadId, stage })))
        .onConflictDoNothing();
    }
    await tx
      .update(collects)
      .set({ stage, updatedAt: services.clock.now() })
      .where(and(eq(collects.userId, user.id), inArray(collects.leadId, ids)));
  });
}

/**
 * Adds and removes tags on some of the user's saved leads (case-insensitively). Any id not saved by
 * this user (40400) or a lead left with more than MAX_TAGS_PER_LEAD tags (40001) refuses the whole
 * call and changes nothing.
 */
export async function changeTags(
  services: Services,
  user: UserRow,
  leadIds: string[],
  add: string[],
  remove: string[],
): Promise<void> {
  const ids = [...new Set(leadIds)];
  const adding = normalizeTags(add);
  const removing = new Set(normalizeTags(remove).map((t) => t.toLowerCase()));
  await services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: collects.leadId, tags: collects.tags })
      .from(collects)
      .where(and(eq(collects.userId, user.id), inArray(collects.leadId, ids)))
      .for('update');
    if (rows.length !== ids.length) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    for (const row of rows) {
      const tags = normalizeTags([...row.tags, ...adding]).filter((t) => !removing.has(t.toLowerCase()));
      if (tags.length > MAX_TAGS_PER_LEAD)
        throw new AppError(
          ErrorCode.VALIDATION,
          'tooManyTags',
          { max: MAX_TAGS_PER_LEAD, field: 'add' },
          { field: 'add' },
        );
      await tx
        .update(collects)
        .set({ tags, updatedAt: services.clock.now() })
        .where(and(eq(collects.userId, user.id), eq(collects.leadId, row.id)));
    }
  });
}
