import type { CompanyType, Conditions } from './conditions.ts';
import { regionsWithin } from './places.ts';
import { codesOf } from './codes.ts';
import type { Product } from './products.ts';

/**
 * What a one-sentence query asks for: the built-in parser's answer, which an LLM's answer is
 * turned into as well (llm.ts), and what chips edit and follow-ups refine (service.ts).
 */
export interface Understood {
  role: 'buyer' | 'supplier';
  /** Whether the role was said or assumed (buyers are what most users look for). */
  roleStated: boolean;
  /** ISO 3166-1 alpha-2 codes, named or through a region, in the order of the sentence; [] = anywhere. */
  countries: string[];
  /** Regions named (places.ts REGIONS ids); their countries are in `countries`. */
  regions: string[];
  /** The products asked for, most specific names (products.ts). */
  products: Product[];
  /** HS codes some of `products` were read from ("HS 940511"): the search goes by them (codes.ts). */
  codes?: string[];
  /** Filters on the companies: reachable by phone or email, employees, kind of company. */
  conditions: Conditions;
  /** Misspelt words read as a country or a product, to tell the user. */
  corrected: { written: string; kind: 'country' | 'product'; id: string }[];
  /** Words that are none of the above and were left out, to tell the user. */
  unknown: string[];
  /** A follow-up that only asks for more of the same ("more", "再来一些"). */
  more: boolean;
  language: 'zh' | 'en';
  /** What the sentence says it does not want; a follow-up takes it out of the previous search. */
  excluded?: Excluded;
}

/** What a sentence leaves out: "不要德国了", "forget Germany", "remove the email filter", "欧洲除了德国". */
export interface Excluded {
  countries: string[];
  /** Product ids. */
  products: string[];
  conditions: ('phone' | 'email' | 'employees')[];
  /**
   * Kinds of company not wanted, with the words that named them ("零售商", "retailers"). The search
   * cannot leave a kind out (see kindWordsNotApplied): the answer tells those words.
   */
  kinds: { type: CompanyType; word: string }[];
}

/**
 * The words of left-out kinds that the search does not apply. A kind is left out only by asking
 * for another kind ("no retailers, importers instead"), or by dropping it where it was asked before
 * ("德国的LED零售商" then "不要零售商"); otherwise every kind is still shown, and the answer says so.
 */
export function kindWordsNotApplied(
  excluded: Excluded | undefined,
  asked: CompanyType | undefined,
  before?: CompanyType,
): string[] {
  const out = excluded?.kinds ?? [];
  if (asked && !out.some((kind) => kind.type === asked)) return [];
  return out.filter((kind) => kind.type !== before || asked === before).map((kind) => kind.word);
}

/**
 * An understanding without what its sentence leaves out, which it keeps for a follow-up to take
 * out of the previous search: the parser's own reading, an LLM's (the parser's reading of the
 * negations overrules it, llm.ts) and a refined one (criteria.ts).
 */
export function withoutExcluded(understood: Understood, excluded: Excluded | undefined): Understood {
  if (!excluded) return understood;
  const countries = understood.countries.filter((code) => !excluded.countries.includes(code));
  const products = understood.products.filter((product) => !excluded.products.includes(product.id));
  const conditions = { ...understood.conditions };
  for (const key of excluded.conditions) delete conditions[key];
  return {
    ...understood,
    countries,
    regions: regionsWithin(understood.regions, countries),
    products,
    ...(understood.codes ? { codes: codesOf(understood.codes, products) } : {}),
    conditions,
    excluded,
  };
}
