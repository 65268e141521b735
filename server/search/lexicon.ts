import { readFileSync } from 'node:fs';
import type { CompanyType } from '../../contract/companies.ts';
import type { PhraseEntry } from './phrases.ts';

/**
 * The search's word lists (lexicon/words.json and lexicon/brands.json), read once. Each list's
 * meaning is written beside it in the file's `_notes`; the catalogue (products.json) and the places
 * (places.json) are read by products.ts and places.ts.
 */

type Both<T = PhraseEntry> = { zh: T[]; en: T[] };

export interface Words {
  roles: Record<'buyer' | 'supplier', Both>;
  kinds: Record<CompanyType, Both>;
  online_sellers: { marketplaces: Both<string>; sellers: Both<string> };
  fillers: Both<string>;
  existing_markets: Both<string>;
  targets: Both<string>;
  turns: Both<string>;
  self: {
    zh: { subjects: string[]; verbs: string[]; ends: string[]; sells: string[] };
    en: { subjects: string[]; then: string[]; kinds: string[]; ends: string[]; sells: string[] };
  };
  negation: { before: Both; after: Both; scope_ends: Both };
  partners: {
    zh: { asks: string[]; factories: string[]; makes: string[]; after_makes: string[] };
    en: { relatives: string[] };
  };
  more_only: Record<'zh' | 'en', { core: string[]; also: string[] }>;
  company_nouns_en: string[];
  company_after_product: string[];
  list_joiners: string[];
}

export interface Brand {
  names: string[];
  /** The products the brand's name also is (苹果, apple). */
  also: string[];
  /** Goods of the brand's kind: named besides, they make the name the brand. */
  goods: string[];
  /** Words after the name that make it the brand ("手机", "accessories"). */
  cues: string[];
  /** The goods a cue word stands for when only the brand is named ("Apple accessories"). */
  cue_products?: Record<string, string>;
}

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./lexicon/${file}`, import.meta.url), 'utf8')) as T;

export const WORDS = read<Words>('words.json');
export const BRANDS = read<{ brands: Brand[] }>('brands.json').brands;
