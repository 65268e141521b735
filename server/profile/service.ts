import { desc, eq, sql } from 'drizzle-orm';
import { ErrorCode, type ProductName, type ProfileSources, type SellerProfile } from '../../contract/api.ts';
import {
  CERTIFICATIONS,
  MOQ_UNITS,
  PROFILE_FIELDS,
  STRENGTHS,
  type Certification,
  type MoqUnit,
  type ProfileField,
  type Strength,
} from '../../contract/profile.ts';
import type { SaveProfileRequest } from '../../contract/schemas.ts';
import { companyFiles, sellerProfiles, type UserRow } from '../platform/db/schema.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import type { Services } from '../platform/services.ts';
import { tracked } from '../platform/work.ts';
import { isolate } from '../platform/isolate.ts';
import { RATES, limit, llmCallAllowed } from '../platform/limits.ts';
import { hit } from '../platform/rateLimit.ts';
import { PRODUCT_BY_ID, PRODUCTS, findProducts } from '../search/products.ts';
import { EMPTY_PROFILE, type ProfileValues } from './extract.ts';
import { llmProfile } from './llm.ts';

type ProfileRow = typeof sellerProfiles.$inferSelect;

/** The most company text read (as GET /get_file's `company_text`). */
const MAX_COMPANY_TEXT = 30_000;

/** A reading of the files still running after this long is stopped; the profile stays as it was. */
export const PROFILE_READ_TIMEOUT_MS = 5_000;

/** What the reader's worker is asked: read the text, or find where it states the given values. */
export type ReadJob = { text: string; values?: ProfileValues };
/** What it answers: the values (read, or as given) and where the text states each. */
export type ReadResult = { values: ProfileValues; sources: ProfileSources };

/** Sources when nothing was read. */
export const NO_SOURCES: ProfileSources = {
  fields: {},
  products: {},
  strengths: {},
  certifications: {},
  other_moq: [],
};

/**
 * The built-in reader runs off the event loop (issue 29): 30,000 characters take it up to a
 * quarter of a second, and what a file says is the uploader's to choose.
 */
const reader = isolate<ReadJob, ReadResult>({
  url: new URL('./readWorker.ts', import.meta.url),
  timeoutMs: PROFILE_READ_TIMEOUT_MS,
  limits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  maxWaiting: 64,
});

/**
 * The built-in reading of the files' text (or, given `values`, where the text states them), off
 * the event loop; null when it could not finish.
 */
async function readFiles(
  services: Services,
  text: string,
  values?: ProfileValues,
): Promise<ReadResult | null> {
  if (!text.trim()) return { values: { ...EMPTY_PROFILE }, sources: NO_SOURCES };
  const read = await reader.run(values ? { text, values } : { text });
  if (read.ok) return read.value;
  services.storage.log(`[profile] the files were not read (${read.reason}): ${read.detail}`);
  return null;
}

/** The text of all of the user's company files, newest first (they belong to the account). */
export async function companyText(
  db: Pick<Db, 'select'>,
  userId: number,
): Promise<{ text: string; files: number }> {
  const rows = await db
    .select({ text: companyFiles.text })
    .from(companyFiles)
    .where(eq(companyFiles.userId, userId))
    .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id));
  const texts = rows.map((row) => row.text.trim()).filter(Boolean);
  return { text: texts.join('\n\n').slice(0, MAX_COMPANY_TEXT), files: texts.length };
}

const pick = <T extends string>(values: readonly string[], allowed: readonly T[]): T[] =>
  values.filter((value): value is T => (allowed as readonly string[]).includes(value));

/** A stored row as profile values (unknown leftovers, such as a product since removed, dropped). */
export function valuesOf(row: ProfileRow | undefined): ProfileValues {
  if (!row) return { ...EMPTY_PROFILE };
  const unit = pick([row.moqUnit], MOQ_UNITS)[0];
  return {
    company_zh: row.companyZh,
    company_en: row.companyEn,
    products: row.products.filter((id) => PRODUCT_BY_ID.has(id)),
    strengths: pick<Strength>(row.strengths, STRENGTHS),
    certifications: pick<Certification>(row.certifications, CERTIFICATIONS),
    moq: row.moqQuantity !== null && unit ? { quantity: row.moqQuantity, unit: unit as MoqUnit } : null,
    website: row.website,
    name_zh: row.nameZh,
    name_en: row.nameEn,
    title_zh: row.titleZh,
    title_en: row.titleEn,
    phone: row.phone,
    wechat: row.wechat,
    whatsapp: row.whatsapp,
  };
}

/** Profile values as the row's columns. */
function columnsOf(values: ProfileValues) {
  return {
    companyZh: values.company_zh,
    companyEn: values.company_en,
    products: values.products,
    strengths: values.strengths,
    certifications: values.certifications,
    moqQuantity: values.moq?.quantity ?? null,
    moqUnit: values.moq?.unit ?? '',
    website: values.website,
    nameZh: values.name_zh,
    nameEn: values.name_en,
    titleZh: values.title_zh,
    titleEn: values.title_en,
    phone: values.phone,
    wechat: values.wechat,
    whatsapp: values.whatsapp,
  };
}

/** Whether a field holds nothing. */
export function isEmpty(value: ProfileValues[ProfileField]): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the files say, merged into the profile: every field the user has not edited takes the
 * files' value (also when the files no longer say it: a deleted file takes its facts with it);
 * edited fields stay as the user left them.
 * @example mergeFromFiles(current, ['website'], read).values.website // the user's website, not the file's
 */
export function mergeFromFiles(
  current: ProfileValues,
  edited: readonly ProfileField[],
  read: ProfileValues,
): { values: ProfileValues; fromFiles: ProfileField[] } {
  const values = { ...current } as Record<ProfileField, unknown>;
  const fromFiles: ProfileField[] = [];
  for (const field of PROFILE_FIELDS) {
    if (edited.includes(field)) continue;
    values[field] = read[field];
    if (!isEmpty(read[field])) fromFiles.push(field);
  }
  return { values: values as unknown as ProfileValues, fromFiles };
}

/** Product ids with their names in both languages. */
export function productNames(ids: readonly string[]): ProductName[] {
  return ids.flatMap((id) => {
    const product = PRODUCT_BY_ID.get(id);
    return product ? [{ id, zh: product.zh, en: product.en }] : [];
  });
}

/**
 * Reads the files again into the profile's fields the user has not edited, in one transaction
 * that holds the profile row (an upload and a save cannot interleave). With `llm`, the LLM reader
 * (llm.ts) improves on the built-in one; it never holds the row while it waits.
 */
export async function refreshFromFiles(services: Services, userId: number, options: { llm?: boolean } = {}) {
  const { text } = await companyText(services.db, userId);
  const builtin = await readFiles(services, text);
  // A reading that could not finish changes nothing: the profile keeps what it had.
  if (!builtin) return;
  let { values: read, sources } = builtin;
  // Every LLM call counts against the user's budget; past it the built-in reading stands.
  if (options.llm && services.llm && text && (await llmCallAllowed(services, userId))) {
    const improved = await llmProfile(services.llm, text, read);
    // The LLM's facts are quoted from the files like the built-in reader's.
    const quoted = same(improved, read) ? builtin : await readFiles(services, text, improved);
    if (quoted) ({ values: read, sources } = quoted);
  }
  await services.db.transaction(async (tx) => {
    await tx.insert(sellerProfiles).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(sellerProfiles)
      .where(eq(sellerProfiles.userId, userId))
      .for('update');
    const edited = pick<ProfileField>(row!.edited, PROFILE_FIELDS);
    const { values, fromFiles } = mergeFromFiles(valuesOf(row), edited, read);
    await tx
      .update(sellerProfiles)
      .set({ ...columnsOf(values), fromFiles, sources, updatedAt: services.clock.now() })
      .where(eq(sellerProfiles.userId, userId));
  });
}

/**
 * After the files changed (upload, delete): the built-in reader now, the LLM's reading afterwards
 * in the background when one is configured (tracked: a shutdown waits for it).
 */
export async function filesChanged(services: Services, userId: number): Promise<void> {
  await refreshFromFiles(services, userId);
  if (services.llm)
    void tracked(
      refreshFromFiles(services, userId, { llm: true }).catch((error: unknown) =>
        services.llm?.log?.(
          `[profile] LLM reading failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
    );
}

/** The stored profile values of a user, read from the files the first time (accounts from before issue 15). */
export async function profileValues(
  services: Services,
  userId: number,
): Promise<{ values: ProfileValues; row: ProfileRow }> {
  let [row] = await services.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId));
  if (!row) {
    await refreshFromFiles(services, userId);
    [row] = await services.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId));
  }
  return { values: valuesOf(row), row: row! };
}

/** GET /profile. */
export async function getProfile(services: Services, user: UserRow): Promise<SellerProfile> {
  const { values, row } = await profileValues(services, user.id);
  const { files } = await companyText(services.db, user.id);
  return view(values, row, files, services);
}

function view(values: ProfileValues, row: ProfileRow, files: number, services: Services): SellerProfile {
  const fromFiles = pick<ProfileField>(row.fromFiles, PROFILE_FIELDS);
  return {
    ...values,
    products: productNames(values.products),
    edited: pick<ProfileField>(row.edited, PROFILE_FIELDS),
    from_files: fromFiles,
    files_read: files,
    read_by: services.llm ? 'llm' : 'builtin',
    sources: sourcesShown(row.sources ?? NO_SOURCES, values, fromFiles),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The sources the page shows: a one-value field's only while it holds what the files said (from
 * the files, not edited); a product's, selling point's or certification's while the profile still
 * lists it (the user may have removed others). The other minimum orders beside a minimum order
 * from the files.
 */
export function sourcesShown(
  stored: ProfileSources,
  values: ProfileValues,
  fromFiles: readonly ProfileField[],
): ProfileSources {
  const kept = <K extends string>(lines: Partial<Record<K, string>> = {}, listed: readonly K[]) =>
    Object.fromEntries(listed.flatMap((key) => (lines[key] ? [[key, lines[key]]] : []))) as Partial<
      Record<K, string>
    >;
  return {
    fields: Object.fromEntries(
      Object.entries(stored.fields ?? {}).filter(([field]) => fromFiles.includes(field as ProfileField)),
    ),
    products: kept(stored.products, values.products) as Record<string, string>,
    strengths: kept(stored.strengths, values.strengths),
    certifications: kept(stored.certifications, values.certifications),
    other_moq: fromFiles.includes('moq') ? (stored.other_moq ?? []) : [],
  };
}

/**
 * PUT /profile: saves the whole profile. Every product must be one of the taxonomy's (else 40001
 * `products`, nothing saved). A field whose value changed counts as edited from then on.
 */
export async function saveProfile(
  services: Services,
  user: UserRow,
  input: Omit<SaveProfileRequest, 'moq'> & { moq: ProfileValues['moq'] },
): Promise<SellerProfile> {
  if (!input.products.every((id) => PRODUCT_BY_ID.has(id)))
    throw new AppError(ErrorCode.VALIDATION, 'profileProducts', { max: 20 }, { field: 'products' });
  const next: ProfileValues = {
    ...EMPTY_PROFILE,
    ...input,
    strengths: input.strengths as Strength[],
    certifications: input.certifications as Certification[],
  };
  await profileValues(services, user.id);
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sellerProfiles)
      .where(eq(sellerProfiles.userId, user.id))
      .for('update');
    const before = valuesOf(row);
    const edited = new Set(pick<ProfileField>(row!.edited, PROFILE_FIELDS));
    for (const field of PROFILE_FIELDS) if (!same(before[field], next[field])) edited.add(field);
    const fromFiles = pick<ProfileField>(row!.fromFiles, PROFILE_FIELDS).filter((f) => !edited.has(f));
    await tx
      .update(sellerProfiles)
      .set({ ...columnsOf(next), edited: [...edited], fromFiles, updatedAt: services.clock.now() })
      .where(eq(sellerProfiles.userId, user.id));
  });
  return getProfile(services, user);
}

/**
 * POST /profile/refresh: reads the files again (with the LLM when configured) into the fields the
 * user has not edited; `reset` first forgets the edits, so every field comes from the files.
 */
export async function refreshProfile(
  services: Services,
  user: UserRow,
  reset: boolean,
): Promise<SellerProfile> {
  // Each refresh reads every file again (and asks the LLM): limited per user, refused with 42900.
  await hit(services, limit(RATES.profileRefreshPerUser, `profile-refresh:user:${user.id}`));
  if (reset)
    await services.db
      .update(sellerProfiles)
      .set({ edited: sql`'{}'::text[]` })
      .where(eq(sellerProfiles.userId, user.id));
  await refreshFromFiles(services, user.id, { llm: true });
  return getProfile(services, user);
}

/**
 * GET /profile/products: products whose name or synonym, in either language, contains what was
 * typed (the sentence reader first, so "猫粮" and "cat food" find cat food), at most 8.
 */
export function productSuggestions(q: string): ProductName[] {
  const typed = q.trim().toLowerCase();
  const read = findProducts(q).products.map((p) => p.id);
  const contains = PRODUCTS.filter((p) =>
    [p.en, p.zh, ...p.synonyms_en, ...p.synonyms_zh].some((name) => name.toLowerCase().includes(typed)),
  )
    .sort((a, b) => a.en.length - b.en.length)
    .map((p) => p.id);
  return productNames([...new Set([...read, ...contains])].slice(0, 8));
}
