import { MAX_QUERY_LENGTH } from '../../contract/limits.ts';
import { CATEGORIES, COUNTRIES, type Category, type Country } from './reference.ts';

/** What a one-sentence query asks for (the built-in parser; an LLM can produce the same shape). */
export interface Understood {
  role: 'buyer' | 'supplier';
  /** Whether the role was said or assumed (buyers are what most users look for). */
  roleStated: boolean;
  country: Country | null;
  categories: Category[];
  /** Words left over after role, country and product were recognized, for free-text matching. */
  keywords: string[];
  language: 'zh' | 'en';
}

const SUPPLIER_WORDS_EN = [
  'supplier',
  'suppliers',
  'manufacturer',
  'manufacturers',
  'factory',
  'factories',
  'maker',
  'makers',
  'exporter',
  'exporters',
  'vendor',
  'vendors',
  'producer',
  'producers',
  'oem',
];
const BUYER_WORDS_EN = [
  'buyer',
  'buyers',
  'importer',
  'importers',
  'distributor',
  'distributors',
  'wholesaler',
  'wholesalers',
  'purchaser',
  'purchasers',
  'retailer',
  'retailers',
  'dealer',
  'dealers',
  'customer',
  'customers',
  'client',
  'clients',
  'reseller',
  'resellers',
];
const SUPPLIER_WORDS_ZH = ['供应商', '供货商', '厂家', '厂商', '工厂', '制造商', '生产商', '出口商', '源头'];
const BUYER_WORDS_ZH = [
  '买家',
  '采购商',
  '进口商',
  '经销商',
  '分销商',
  '批发商',
  '零售商',
  '客户',
  '买方',
  '采购',
];
const STOP_EN = new Set([
  'find',
  'me',
  'search',
  'for',
  'look',
  'looking',
  'show',
  'get',
  'list',
  'of',
  'the',
  'a',
  'an',
  'in',
  'from',
  'at',
  'to',
  'who',
  'that',
  'which',
  'buy',
  'buys',
  'sell',
  'sells',
  'import',
  'imports',
  'and',
  'or',
  'with',
  'please',
  'some',
  'any',
  'companies',
  'company',
  'based',
  'i',
  'want',
  'need',
  'help',
]);
const STOP_ZH = new Set([
  '帮我',
  '帮',
  '我',
  '找',
  '找到',
  '寻找',
  '搜索',
  '查找',
  '一下',
  '的',
  '在',
  '有',
  '哪些',
  '公司',
  '企业',
  '请',
  '给我',
  '想',
  '要',
  '进口',
  '采购',
  '购买',
  '一些',
  '和',
  '与',
]);

const lower = (text: string) => text.toLowerCase();
const hasCjk = (text: string) => /[\u3400-\u9fff]/.test(text);

/** Phrases sorted longest first, so "solar inverter" wins over "inverter" and 印度尼西亚 over 印度. */
function longestFirst<T>(entries: [string, T][]): [string, T][] {
  return entries.sort((a, b) => b[0].length - a[0].length);
}

const countryPhrasesEn = longestFirst(
  COUNTRIES.flatMap((c) => [
    [lower(c.en), c] as [string, Country],
    ...c.aliases_en.map((a) => [lower(a), c] as [string, Country]),
  ]),
);
const countryPhrasesZh = longestFirst(
  COUNTRIES.flatMap((c) => [
    [c.zh, c] as [string, Country],
    ...c.aliases_zh.map((a) => [a, c] as [string, Country]),
  ]),
);
const categoryPhrasesEn = longestFirst(
  CATEGORIES.flatMap((c) => [
    [lower(c.en), c] as [string, Category],
    ...c.synonyms_en.map((s) => [lower(s), c] as [string, Category]),
  ]),
);
const categoryPhrasesZh = longestFirst(
  CATEGORIES.flatMap((c) => [
    [lower(c.zh), c] as [string, Category],
    ...c.synonyms_zh.map((s) => [lower(s), c] as [string, Category]),
  ]),
);

/** Removes every whole-phrase match of `phrases` from `text`, returning what matched and what is left. */
function takeAll<T>(
  text: string,
  phrases: [string, T][],
  wordBoundaries: boolean,
): { found: T[]; rest: string } {
  const found: T[] = [];
  let rest = text;
  for (const [phrase, value] of phrases) {
    if (!phrase) continue;
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = wordBoundaries
      ? new RegExp(`(^|[^a-z0-9])${escaped}(?=$|[^a-z0-9])`, 'g')
      : new RegExp(escaped, 'g');
    if (pattern.test(rest)) {
      found.push(value);
      rest = rest.replace(
        pattern,
        (_whole, lead: string | undefined) => `${wordBoundaries ? (lead ?? '') : ''} `,
      );
    }
  }
  return { found, rest };
}

/** Chinese and English words of what is left, segmented with Intl.Segmenter. */
function words(text: string, locale: 'zh' | 'en'): string[] {
  const segmenter = new Intl.Segmenter(locale === 'zh' ? 'zh-CN' : 'en', { granularity: 'word' });
  const out: string[] = [];
  for (const part of segmenter.segment(text)) {
    if (!part.isWordLike) continue;
    const word = part.segment.toLowerCase();
    if (STOP_EN.has(word) || STOP_ZH.has(word) || word.length < 2) continue;
    out.push(word);
  }
  return out;
}

/**
 * Understands one sentence in Chinese or English: buyer or supplier, the country (names, aliases,
 * Chinese names, ISO codes) and the product categories (names and synonyms in both languages).
 * @example parseQuery('帮我找德国的LED面板买家') // { role: 'buyer', country: DE, categories: [LED panel lights] }
 */
export function parseQuery(sentence: string): Understood {
  const original = sentence.normalize('NFKC').trim().slice(0, MAX_QUERY_LENGTH);
  const language: 'zh' | 'en' = hasCjk(original) ? 'zh' : 'en';
  let text = ` ${lower(original)} `;

  // Country: Chinese names first (substring), then English names as whole words, then ISO codes.
  const zhCountry = takeAll(text, countryPhrasesZh, false);
  text = zhCountry.rest;
  const enCountry = takeAll(text, countryPhrasesEn, true);
  text = enCountry.rest;
  let country = zhCountry.found[0] ?? enCountry.found[0] ?? null;
  if (!country) {
    // Two-letter codes count only as written in capitals when they are also English words ("IN", "IT").
    for (const match of original.matchAll(/(?:^|[^A-Za-z])([A-Za-z]{2,3})(?=$|[^A-Za-z])/g)) {
      const token = match[1]!;
      const candidate = COUNTRIES.find(
        (c) => c.iso2 === token.toUpperCase() || c.iso3 === token.toUpperCase(),
      );
      if (!candidate) continue;
      const upper = token === token.toUpperCase();
      if (candidate.code_alias_risky && !upper) continue;
      if (!upper && token.length === 2) continue;
      country = candidate;
      text = text.replace(new RegExp(`(^|[^a-z])${token.toLowerCase()}(?=$|[^a-z])`), '$1 ');
      break;
    }
  }

  // Role words, then products.
  let role: 'buyer' | 'supplier' = 'buyer';
  let roleStated = false;
  const supplierHit =
    SUPPLIER_WORDS_ZH.find((w) => text.includes(w)) ??
    SUPPLIER_WORDS_EN.find((w) => new RegExp(`(^|[^a-z])${w}(?=$|[^a-z])`).test(text));
  const buyerHit =
    BUYER_WORDS_ZH.find((w) => text.includes(w)) ??
    BUYER_WORDS_EN.find((w) => new RegExp(`(^|[^a-z])${w}(?=$|[^a-z])`).test(text));
  if (supplierHit && (!buyerHit || text.indexOf(supplierHit) >= text.indexOf(buyerHit))) {
    role = 'supplier';
    roleStated = true;
  } else if (buyerHit) {
    roleStated = true;
  }
  for (const word of [...SUPPLIER_WORDS_ZH, ...BUYER_WORDS_ZH]) text = text.split(word).join(' ');

  const zhProducts = takeAll(text, categoryPhrasesZh, false);
  text = zhProducts.rest;
  const enProducts = takeAll(text, categoryPhrasesEn, true);
  text = enProducts.rest;
  const categories = [
    ...new Map([...zhProducts.found, ...enProducts.found].map((c) => [c.id, c])).values(),
  ].slice(0, 3);

  for (const word of [...SUPPLIER_WORDS_EN, ...BUYER_WORDS_EN])
    text = text.replace(new RegExp(`(^|[^a-z])${word}(?=$|[^a-z])`, 'g'), '$1 ');
  return { role, roleStated, country, categories, keywords: words(text, language).slice(0, 6), language };
}
