import type {
  SearchConditionKey,
  SearchCriteria,
  SearchSummary,
  SearchUnderstood,
} from '../../contract/api.ts';
import { message, type Lang } from '../i18n.ts';
import { conditionKeys, type CompanyType, type Conditions } from './conditions.ts';
import type { Understood } from './parse.ts';
import { REGION_BY_ID } from './places.ts';
import { PRODUCT_BY_ID, productForHs, type Product } from './products.ts';
import { hsLabel } from '../leads/evidence.ts';
import { categoriesUnderCode } from './codes.ts';
import { countryName } from '../leads/search.ts';

/**
 * What a search understood and found, said in the page's language: the `understood` and
 * `summary` events of POST /chat/search and the reopened conversation's answers.
 */

const list = (lang: Lang, items: string[]) => items.join(message(lang, 'searchListSeparator'));

/** A product's name in `lang`. */
export const productName = (product: Product, lang: Lang) => (lang === 'zh' ? product.zh : product.en);

/**
 * A product as the search names it: read from an HS code with goods filed under it, the code
 * ("HS 9405.42 项下商品", "goods under HS 9405.42"): the search goes by the code (codes.ts).
 */
function askedName(u: Understood, product: Product, lang: Lang): string {
  const codes = (u.codes ?? []).filter(
    (code) => productForHs(code) === product && categoriesUnderCode(code).length > 0,
  );
  return codes.length
    ? message(lang, 'searchGoodsUnderCode', { codes: codes.map(hsLabel).join(', ') })
    : productName(product, lang);
}

/** Kinds of company named in `lang`, joined with "or". */
const kindsText = (types: readonly string[], lang: Lang) =>
  [...new Set(types)]
    .map((type) => message(lang, `type_${type as CompanyType}` as const))
    .join(message(lang, 'searchKindsOr'));

/** Each asked condition with its label ("有电话", "201+ employees", "importers"). */
export function conditionLabels(
  conditions: Conditions,
  lang: Lang,
): { key: SearchConditionKey; label: string }[] {
  const size = conditions.employees ?? {};
  const label = (key: SearchConditionKey): string => {
    switch (key) {
      case 'company_type': {
        const kinds = kindsText(conditions.companyTypes ?? [conditions.companyType!], lang);
        return conditions.companyTypeOnly ? message(lang, 'searchKindsOnly', { kinds }) : kinds;
      }
      case 'phone':
        return message(lang, 'condPhone');
      case 'email':
        return message(lang, 'condEmail');
      case 'employees':
        return size.min !== undefined && size.max !== undefined
          ? message(lang, 'condEmployeesRange', { min: size.min, max: size.max })
          : size.min !== undefined
            ? message(lang, 'condEmployeesMin', { min: size.min })
            : message(lang, 'condEmployeesMax', { max: size.max ?? 0 });
    }
  };
  return conditionKeys(conditions).map((key) => ({ key, label: label(key) }));
}

/** English place names said with "the" in a sentence ("in the United States", "in the GCC"). */
const WITH_THE =
  /^(?:United |Czech Republic|Dominican Republic|Central African Republic|Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Vatican|Middle East|GCC|EU|Benelux|DACH|Nordics|Caribbean)|(?:Islands|Emirates)$/;

/** Names joined as a sentence says them: "A、B" in Chinese, "A, B and C" in English. */
function inSentence(lang: Lang, names: string[]): string {
  if (lang === 'zh') return list(lang, names);
  const said = names.map((name) => (WITH_THE.test(name) ? `the ${name}` : name));
  return said.length < 2 ? (said[0] ?? '') : `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`;
}

/** Where a search looks: its regions' names, then the countries named on their own. */
function whereText(u: Understood, lang: Lang): string {
  if (u.countries.length === 0) return message(lang, 'searchAnywhere');
  const inRegions = new Set(u.regions.flatMap((id) => REGION_BY_ID.get(id)?.members ?? []));
  const names = [
    ...u.regions.map((id) => REGION_BY_ID.get(id)?.[lang] ?? id),
    ...u.countries.filter((code) => !inRegions.has(code)).map((code) => countryName(code, lang)),
  ];
  return inSentence(lang, names);
}

/** One line: what is searched for. */
export function describeUnderstood(u: Understood, lang: Lang): string {
  const labels = conditionLabels(u.conditions, lang).map((c) => c.label);
  return message(lang, 'searchLooking', {
    where: whereText(u, lang),
    products: inSentence(
      lang,
      u.products.map((p) => askedName(u, p, lang)),
    ),
    role: message(lang, u.role === 'buyer' ? 'searchBuyers' : 'searchSuppliers'),
    conditions: labels.length ? message(lang, 'searchConditionsWrap', { list: list(lang, labels) }) : '',
  });
}

/** The understanding as chips edit it (the contract's criteria). */
export function criteriaOf(u: Understood): SearchCriteria {
  const c = u.conditions;
  return {
    role: u.role,
    countries: [...u.countries],
    regions: [...u.regions],
    products: u.products.map((p) => p.id),
    ...(u.codes?.length ? { hs_codes: [...u.codes] } : {}),
    conditions: {
      ...(c.phone ? { phone: true as const } : {}),
      ...(c.email ? { email: true as const } : {}),
      ...(c.employees ? { employees: { ...c.employees } } : {}),
      ...(c.companyType ? { company_type: c.companyType } : {}),
      ...(c.companyTypes && c.companyTypes.length > 1 ? { company_types: [...c.companyTypes] } : {}),
      ...(c.companyType && c.companyTypeOnly ? { company_type_only: true as const } : {}),
    },
  };
}

/** Misspellings read as a country or a product, with what they were read as in `lang`. */
function correctedView(u: Understood, lang: Lang): SearchUnderstood['corrected'] {
  return u.corrected.map((c) => {
    const product = c.kind === 'product' ? PRODUCT_BY_ID.get(c.id) : undefined;
    return {
      written: c.written,
      read_as: c.kind === 'country' ? countryName(c.id, lang) : product ? productName(product, lang) : c.id,
    };
  });
}

/** The `understood` event of a search stream. */
export function understoodView(u: Understood, lang: Lang, chatId: string): SearchUnderstood {
  return {
    chat_id: chatId,
    criteria: criteriaOf(u),
    role_stated: u.roleStated,
    countries: u.countries.map((code) => ({ code, name: countryName(code, lang) })),
    regions: u.regions.map((id) => ({
      id,
      name: REGION_BY_ID.get(id)?.[lang] ?? id,
      countries: [...(REGION_BY_ID.get(id)?.members ?? [])],
    })),
    products: u.products.map((p) => ({ id: p.id, hs: p.hs, name: askedName(u, p, lang) })),
    conditions: conditionLabels(u.conditions, lang),
    corrected: correctedView(u, lang),
    unknown: [...u.unknown],
    more: u.more,
    text: describeUnderstood(u, lang),
  };
}

/** How many shown leads are in each asked country; a region's empty countries are counted together. */
export function countByCountry(
  u: Understood,
  shown: readonly { country: { code: string } }[],
  lang: Lang,
): SearchSummary['by_country'] {
  const counts = new Map<string, number>();
  for (const lead of shown) counts.set(lead.country.code, (counts.get(lead.country.code) ?? 0) + 1);
  const asked = u.countries.length ? u.countries : [...counts.keys()];
  return asked.map((code) => ({ code, name: countryName(code, lang), count: counts.get(code) ?? 0 }));
}

export interface SummaryFacts {
  understood: Understood;
  /** Nothing to search for: no product was named. */
  askProduct: boolean;
  /** The products asked are carried by no company of our data. */
  noData: boolean;
  /** With `noData`, the broader products whose companies are shown instead (none: no broader set). */
  broader?: readonly Product[];
  count: number;
  byCountry: SearchSummary['by_country'];
  more: boolean;
  /** Free searches left, or null for a subscriber. */
  left: number | null;
  /** The LLM's sentence on what was found, used instead of the built-in one. */
  written?: string | null;
  /**
   * The kinds of company of the shown leads that are not of a kind asked, one per lead: resellers
   * found after those of the kinds asked (kinds.ts). None: every shown lead is of a kind asked.
   */
  otherKinds?: readonly string[];
}

/** The "per country" part: every named country, and for regions only those with leads. */
function byCountryText(facts: SummaryFacts, lang: Lang): string {
  const fromRegions = new Set(facts.understood.regions.flatMap((id) => REGION_BY_ID.get(id)?.members ?? []));
  const shown = facts.byCountry.filter((c) => c.count > 0 || !fromRegions.has(c.code));
  const hidden = facts.byCountry.length - shown.length;
  if (facts.byCountry.length <= 1 && hidden === 0) return '';
  const parts = shown.map((c) => message(lang, 'searchCountryCount', { country: c.name, count: c.count }));
  if (hidden > 0) parts.push(message(lang, 'searchOtherCountries', { count: hidden }));
  return message(lang, 'searchByCountry', { list: list(lang, parts) });
}

const sentence = (text: string, lang: Lang) =>
  lang === 'zh' ? text.replace(/[^。！？]$/, '$&。') : text.replace(/[^.!?]$/, '$&.');

/** The summary: what was found (per country), corrections, words left out, then the searches left. */
export function summaryText(facts: SummaryFacts, lang: Lang): string {
  const u = facts.understood;
  const parts: string[] = [];
  if (facts.askProduct) {
    parts.push(message(lang, 'searchAskProduct'));
  } else if (facts.broader?.length && facts.count > 0) {
    parts.push(
      message(lang, 'searchBroader', {
        products: list(
          lang,
          u.products.map((p) => productName(p, lang)),
        ),
        broader: list(
          lang,
          facts.broader.map((p) => productName(p, lang)),
        ),
        count: facts.count,
      }),
    );
    if (facts.more) parts.push(message(lang, 'searchMoreAvailable'));
  } else if (facts.noData && !(u.more && facts.broader?.length)) {
    parts.push(
      message(lang, 'searchNoData', {
        products: list(
          lang,
          u.products.map((p) => productName(p, lang)),
        ),
      }),
    );
  } else if (facts.count === 0) {
    parts.push(message(lang, u.more ? 'searchNoMore' : 'searchNone'));
  } else if (facts.otherKinds?.length && u.conditions.companyType) {
    const rest = facts.otherKinds.length;
    parts.push(
      sentence(
        message(lang, rest === facts.count ? 'searchFoundNoKind' : 'searchFoundKinds', {
          count: facts.count,
          fit: facts.count - rest,
          rest,
          kinds: kindsText(u.conditions.companyTypes ?? [u.conditions.companyType], lang),
          others: kindsText(facts.otherKinds, lang),
        }),
        lang,
      ),
    );
    if (facts.more) parts.push(message(lang, 'searchMoreAvailable'));
  } else {
    const found = facts.written
      ? facts.written
      : message(lang, u.more ? 'searchFoundMore' : facts.count === 1 ? 'searchFoundOne' : 'searchFoundMany', {
          count: facts.count,
        }) + byCountryText(facts, lang);
    parts.push(sentence(found, lang));
    if (facts.more) parts.push(message(lang, 'searchMoreAvailable'));
  }
  for (const c of correctedView(u, lang))
    parts.push(message(lang, 'searchCorrected', { written: c.written, read: c.read_as }));
  if (u.unknown.length) parts.push(message(lang, 'searchUnknownWords', { words: list(lang, u.unknown) }));
  if (!facts.askProduct && !u.roleStated) parts.push(message(lang, 'searchAssumedBuyers'));
  // A search that shows no lead gives its search back (a sentence without a product says so itself).
  if (!facts.askProduct && facts.count === 0) parts.push(message(lang, 'searchNotCounted'));
  if (facts.left !== null)
    parts.push(
      facts.left === 1
        ? message(lang, 'searchesLeftLineOne')
        : message(lang, 'searchesLeftLine', { left: facts.left }),
    );
  return parts.join(lang === 'zh' ? '' : ' ');
}
