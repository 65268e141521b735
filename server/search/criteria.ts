import type { SearchCriteria } from '../../contract/api.ts';
import type { Conditions } from './conditions.ts';
import { kindWordsNotApplied, withoutExcluded, type Understood } from './parse.ts';
import { PLACE_BY_ISO2, REGION_BY_ID, regionsWithin } from './places.ts';
import { PRODUCT_BY_ID, type Product } from './products.ts';
import { CATEGORY_BY_ID } from '../leads/reference.ts';
import { WORDS } from './lexicon.ts';
import { codesOf } from './codes.ts';
import { bothLanguages, Phrases } from './phrases.ts';

/**
 * A search's criteria between turns of a conversation: edited chips come back as criteria, a
 * follow-up sentence refines the previous answer's, and each answer stores its own.
 */

/** What the criteria name that does not exist: an unknown product, country or region. */
export function unknownInCriteria(criteria: SearchCriteria): string | null {
  const product = criteria.products.find((id) => !PRODUCT_BY_ID.has(id));
  if (product !== undefined) return 'criteria.products';
  if (criteria.countries.some((code) => !PLACE_BY_ISO2.has(code))) return 'criteria.countries';
  if (criteria.regions.some((id) => !REGION_BY_ID.has(id))) return 'criteria.regions';
  return null;
}

/** Criteria as an understanding (the caller checked them with unknownInCriteria). */
export function fromCriteria(criteria: SearchCriteria, language: 'zh' | 'en'): Understood {
  const c = criteria.conditions;
  const conditions: Conditions = {
    ...(c.phone ? { phone: true as const } : {}),
    ...(c.email ? { email: true as const } : {}),
    ...(c.employees
      ? {
          employees: {
            ...(c.employees.min !== undefined ? { min: c.employees.min } : {}),
            ...(c.employees.max !== undefined ? { max: c.employees.max } : {}),
          },
        }
      : {}),
    ...(c.company_type ? { companyType: c.company_type } : {}),
    ...(c.company_type && c.company_types && c.company_types.length > 1
      ? { companyTypes: [...new Set([c.company_type, ...c.company_types])] }
      : {}),
    ...(c.company_type && c.company_type_only ? { companyTypeOnly: true as const } : {}),
  };
  // A region stays only while all of its countries are still asked for.
  const countries = [...new Set(criteria.countries)];
  const regions = regionsWithin(criteria.regions, countries);
  const products = [...new Set(criteria.products)]
    .map((id) => PRODUCT_BY_ID.get(id))
    .filter((p): p is Product => p !== undefined);
  // A code goes with its product: removing the product's chip removes it.
  const codes = codesOf(criteria.hs_codes ?? [], products);
  return {
    role: criteria.role,
    roleStated: true,
    countries,
    regions,
    products,
    ...(codes.length ? { codes } : {}),
    conditions,
    corrected: [],
    unknown: [],
    more: false,
    language,
  };
}

/** Words that add to what was asked instead of replacing it ("加上法国", "also France"; lexicon/words.json, adding). */
const ADDING = new Phrases(bothLanguages(WORDS.adding));
/** …or only at its start ("and Philippines, Vietnam"). */
const ADDING_AT_START = new Phrases(bothLanguages(WORDS.adding.starts));
/** Words that ask for a region's other countries ("换南美其他国家"; words.json, others). */
const OTHERS = new Phrases(bothLanguages(WORDS.others));

const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];

/**
 * A follow-up sentence in a conversation, read against the previous answer: what it names
 * replaces that part ("换成法国的" changes the countries, "only importers" adds a condition), what it
 * does not name stays, and "also"/"加上" adds to it. "More" keeps everything.
 */
export function refineUnderstood(previous: Understood, next: Understood, sentence: string): Understood {
  if (next.more && !next.products.length && !next.countries.length) return { ...previous, more: true };
  const lower = sentence.toLowerCase();
  const adding = ADDING.in(lower) || ADDING_AT_START.startOf(lower.trimStart()) !== null;
  // "换南美其他国家": the region named, without the countries searched before.
  if (next.regions.length && OTHERS.in(lower)) {
    const rest = next.countries.filter((code) => !previous.countries.includes(code));
    if (rest.length) next = { ...next, countries: rest, regions: regionsWithin(next.regions, rest) };
  }
  const pick = <T>(before: readonly T[], now: readonly T[]) =>
    now.length === 0 ? [...before] : adding ? union(before, now) : [...now];
  // What the follow-up does not want leaves the previous search too: "不要德国了，看看法国",
  // "remove the email filter", "不要零售商" where retailers were asked.
  const out = next.excluded;
  const conditions: Conditions = { ...previous.conditions, ...next.conditions };
  const before = previous.conditions.companyType;
  if (!next.conditions.companyTypes && next.conditions.companyType) delete conditions.companyTypes;
  // A kind named again is insisted on only when this sentence insists ("only importers"), or adds it to kinds insisted on.
  if (next.conditions.companyType && !next.conditions.companyTypeOnly && !(adding && before))
    delete conditions.companyTypeOnly;
  // "retailers too", "也要批发商": the kinds asked before and now.
  if (adding && before && next.conditions.companyType) {
    const kinds = union(
      previous.conditions.companyTypes ?? [before],
      next.conditions.companyTypes ?? [next.conditions.companyType],
    );
    conditions.companyType = kinds[0]!;
    if (kinds.length > 1) conditions.companyTypes = kinds;
  }
  if (before && !next.conditions.companyType && out?.kinds.some((kind) => kind.type === before)) {
    delete conditions.companyType;
    delete conditions.companyTypes;
    delete conditions.companyTypeOnly;
  }
  const notApplied = kindWordsNotApplied(out, conditions.companyType, before);
  const products = pick(previous.products, next.products);
  // The codes of the products kept, read now or before.
  const codes = codesOf([...(previous.codes ?? []), ...(next.codes ?? [])], products);
  return withoutExcluded(
    {
      role: next.roleStated ? next.role : previous.role,
      roleStated: next.roleStated || previous.roleStated,
      countries: pick(previous.countries, next.countries),
      regions: next.countries.length === 0 ? [...previous.regions] : pick(previous.regions, next.regions),
      products,
      ...(codes.length ? { codes } : {}),
      conditions,
      corrected: next.corrected,
      unknown: next.unknown.filter(
        (word) => !out?.kinds.some((kind) => kind.word === word) || notApplied.includes(word),
      ),
      more: false,
      language: next.language,
    },
    out,
  );
}

/** One answer as stored in chat_messages.payload: its criteria and the leads it showed. */
export interface StoredAnswer {
  criteria?: SearchCriteria;
  role_stated?: boolean;
  more?: boolean;
  /** Whether more leads matched than this answer showed. */
  has_more?: boolean;
  /** The broader products whose companies were shown instead of the asked ones (ids). */
  broader?: string[];
  /** Answers stored before criteria (one country, demo category ids). */
  understood?: { role?: string; country?: string | null; categories?: number[]; keywords?: string[] };
  leads?: string[];
}

/** The criteria of a stored answer, also of one stored before criteria existed. */
export function storedCriteria(answer: StoredAnswer): SearchCriteria | null {
  if (answer.criteria) return answer.criteria;
  const old = answer.understood;
  if (!old) return null;
  const products = (old.categories ?? [])
    .map((id) => CATEGORY_BY_ID.get(id)?.slug)
    .filter((slug): slug is string => slug !== undefined && PRODUCT_BY_ID.has(slug));
  return {
    role: old.role === 'supplier' ? 'supplier' : 'buyer',
    countries: old.country ? [old.country] : [],
    regions: [],
    products,
    conditions: {},
  };
}
