import { readFileSync } from 'node:fs';
import { distance } from 'fastest-levenshtein';
import { Phrases, untilClauseEnd, type PhraseEntry } from './phrases.ts';

/**
 * Every country and territory of ISO 3166-1 with its Chinese and English names, and the regions a
 * salesperson names ("中东", "Southeast Asia", "欧盟"), so a sentence can ask for any of them, or
 * for several at once. The names are data, written once in lexicon/places.json: each country's
 * English names (nouns: "germany"), other English words for it (adjectives and short forms:
 * "german", "uae"), its trading cities and states, its Chinese names (Simplified, with Taiwan's
 * and Hong Kong's names in simplified script: 纽西兰, 奈及利亚) and Chinese cities; the regions with
 * their members; the codes that are also English words; the names that are mostly something else.
 */

export interface Place {
  iso2: string;
  iso3: string;
  /** The everyday English name ("United States", "South Korea"). */
  en: string;
  /** The everyday Chinese name ("美国", "阿联酋"). */
  zh: string;
}

interface LexiconCountry extends Place {
  /** English names, lower case ("germany", "federal republic of germany"). */
  names_en: string[];
  /** Other English words for the country: adjectives and short forms ("german", "uae"). */
  adjectives_en: string[];
  /** Its states, provinces and trading cities in English ("hamburg", "texas"): each means the country. */
  cities_en: string[];
  names_zh: string[];
  cities_zh: string[];
}

/** The places lexicon (lexicon/places.json). */
export const PLACES_LEXICON = JSON.parse(
  readFileSync(new URL('./lexicon/places.json', import.meta.url), 'utf8'),
) as {
  countries: LexiconCountry[];
  regions: Region[];
  /** Two- and three-letter codes that are also everyday English words ("IN", "IT", "CAN"): capitals only. */
  code_words: string[];
  /** English names of places that mostly mean something else in a trade sentence ("jersey"). */
  not_places_en: string[];
  /** One character for a country where several are run together (日韩, 英法德): `after` reads it by the one before it (港澳). */
  abbreviations_zh: { chars: Record<string, string>; after: Record<string, Record<string, string>> };
  /** Words around a place that say how it is meant (their note is in the file). */
  cues: Cues;
  /** Place names that are something else next to some words ("bone china", 南美白虾). */
  guards: { entries: Exclude<PhraseEntry, string>[] };
};

interface Cues {
  zh_before: string[];
  zh_after: string[];
  zh_after_abbreviation: string[];
  en_before_code: string[];
  en_before_lowercase_code: string[];
  en_before_misspelt: string[];
  origin: {
    zh_buy_verbs: string[];
    zh_from: string[];
    zh_import_after: string[];
    zh_made: string[];
    zh_market_after: string[];
    zh_suppliers: string[];
    zh_buyers: string[];
    zh_source: string[];
    zh_made_in: string[];
    zh_made_in_after: string[];
    zh_listed: string[];
    en_importing: string[];
    en_market_before: string[];
    en_goods_of: string[];
    en_listed: string[];
    en_not_goods: string[];
  };
}

/**
 * Each country's states, provinces and trading cities ("HVAC distributors, Texas", "洛杉矶的家具进口商",
 * 浙江, 义乌, Qingdao): each means its country.
 */
export const CITIES: Readonly<Record<string, { en: string[]; zh: string[] }>> = Object.fromEntries(
  PLACES_LEXICON.countries
    .filter((country) => country.cities_en.length + country.cities_zh.length > 0)
    .map((country) => [country.iso2, { en: country.cities_en, zh: country.cities_zh }]),
);

/** States, provinces and trading cities in English: never read through a spelling correction. */
const CITY_NAMES_EN = new Set(PLACES_LEXICON.countries.flatMap((country) => country.cities_en));

/**
 * Two- and three-letter codes that are also everyday English words or abbreviations count only when
 * written in capitals ("IN", "IT", "ME", "CAN"); the rest are matched in any case when standing alone.
 */
const CODE_WORDS = new Set(PLACES_LEXICON.code_words);

const lower = (text: string) => text.normalize('NFKC').toLowerCase().trim();

const built = {
  places: PLACES_LEXICON.countries.map(({ iso2, iso3, en, zh }): Place => ({ iso2, iso3, en, zh })),
  namesEn: new Map(
    PLACES_LEXICON.countries.map((c) => [c.iso2, [...c.names_en, ...c.adjectives_en, ...c.cities_en]]),
  ),
  namesZh: new Map(PLACES_LEXICON.countries.map((c) => [c.iso2, [...c.names_zh, ...c.cities_zh]])),
};

/** Countries' English names as nouns ("germany", "united states"), not their adjectives ("german"). */
const NOUNS_EN = new Set(PLACES_LEXICON.countries.flatMap((country) => country.names_en));

/** Every ISO 3166-1 country and territory (249 entries), sorted by code. */
export const PLACES: readonly Place[] = built.places;
export const PLACE_BY_ISO2 = new Map(PLACES.map((place) => [place.iso2, place]));
const ISO3_TO_ISO2 = new Map(PLACES.map((place) => [place.iso3, place.iso2]));

export interface Region {
  id: string;
  en: string;
  zh: string;
  /** Other ways people name it, lower case. */
  names_en: string[];
  names_zh: string[];
  /** ISO 3166-1 alpha-2 codes of the countries it stands for. */
  members: string[];
}

/**
 * The regions a sentence may name, one table (lexicon/places.json): what each is called in both
 * languages and which countries it stands for. "North America" is the USMCA three; "Europe"
 * includes the UK, Russia and the Balkans; "Middle East" includes Turkey and Egypt, as trade
 * statistics count them.
 */
export const REGIONS: readonly Region[] = PLACES_LEXICON.regions;
export const REGION_BY_ID = new Map(REGIONS.map((region) => [region.id, region]));

/** The regions that still stand: those whose every country is among `countries` ("欧洲除了德国" is no longer Europe). */
export function regionsWithin(regions: readonly string[], countries: readonly string[]): string[] {
  return regions.filter((id) => REGION_BY_ID.get(id)?.members.every((code) => countries.includes(code)));
}

export type Hit = { kind: 'country'; iso2: string } | { kind: 'region'; id: string };

/**
 * Every name of every place, each with what it stands for, as one phrase list (the longest name at a
 * spot wins later: 印度尼西亚 over 印度, "south africa" over "africa"); a name guarded in the
 * lexicon ("bone china", 南美白虾) is no place next to its guard words.
 */
const GUARDS = new Map(PLACES_LEXICON.guards.entries.map((entry) => [entry.word, entry]));
const nameEntries: [PhraseEntry, Hit & { zh: boolean; noun: boolean }][] = [];
const addName = (name: string, hit: Hit, zh: boolean, noun: boolean) =>
  nameEntries.push([
    { ...GUARDS.get(name), word: name },
    { ...hit, zh, noun },
  ]);
for (const place of PLACES) {
  const hit: Hit = { kind: 'country', iso2: place.iso2 };
  for (const name of built.namesEn.get(place.iso2) ?? []) addName(name, hit, false, NOUNS_EN.has(name));
  for (const name of built.namesZh.get(place.iso2) ?? []) addName(name, hit, true, false);
}
for (const region of REGIONS) {
  const hit: Hit = { kind: 'region', id: region.id };
  for (const name of new Set([lower(region.en), ...region.names_en]))
    addName(name, hit, false, NOUNS_EN.has(name));
  for (const name of new Set([region.zh, ...region.names_zh])) addName(name, hit, true, false);
}
const NAMES = new Phrases(nameEntries);

const CUES = PLACES_LEXICON.cues;
const ORIGIN = CUES.origin;
const cue = (words: string[]) => new Phrases(words);

/** Words after a place that say it is a market, not the goods' origin ("for German importers", "of Spain and"). */
const NOT_GOODS = new Set(ORIGIN.en_not_goods);

/** What comes right before a place said of the goods: "进口中国家具的", "从中国进口", "摩洛哥的中国茶叶". */
const ORIGIN_VERB_ZH = cue(ORIGIN.zh_buy_verbs);
const ORIGIN_FROM_ZH = cue(ORIGIN.zh_from);
const IMPORT_AFTER_ZH = cue(ORIGIN.zh_import_after);
/** How "made in" is said between the place and the goods: 中国产的, 中国制造的. */
const MADE_ZH = cue(ORIGIN.zh_made);
/** What may follow a place that is a market, not an origin: a list, a kind of company, 那边. */
const MARKET_AFTER_ZH = cue(ORIGIN.zh_market_after);
const LISTED_ZH = cue(ORIGIN.zh_listed);
const SUPPLIER_ZH = cue(ORIGIN.zh_suppliers);
const BUYER_ZH = cue(ORIGIN.zh_buyers);
/** Where the goods come from, said before: "货源是巴西的", "产地是泰国", "来自越南的". */
const SOURCE_ZH = cue(ORIGIN.zh_source);
/** Where the goods are bought or made: "在越南采购家具的美国品牌", "在中国生产的". */
const MADE_IN_ZH = cue(ORIGIN.zh_made_in);
const MADE_IN_AFTER_ZH = cue(ORIGIN.zh_made_in_after);

/**
 * A Chinese place (or places listed together) said of the goods, with a market named besides: "摩洛哥的中国茶叶进口商" (Moroccan
 * importers of Chinese tea), "进口中国家具的美国公司", "从中国进口家具的美国公司". The place must stand
 * right before the goods, after a verb of buying, after 从 … 进口, or after 的 that follows another
 * place; and suppliers asked after it are where they are ("卖到德国的中国LED灯厂家" are Chinese factories).
 */
function isOriginZh(
  text: string,
  at: number,
  length: number,
  previous: { at: number; length?: number } | undefined,
): boolean {
  const before = text.slice(0, at);
  const after = text.slice(at + length);
  if (SOURCE_ZH.endOf(before)) return true;
  if (MADE_IN_ZH.endOf(before) && MADE_IN_AFTER_ZH.startOf(after)) return true;
  const made = MADE_ZH.startOf(after);
  const goods = after.slice(made ? made.end : after.startsWith(' ') ? 1 : 0);
  if (goods.trim() === '' || MARKET_AFTER_ZH.startOf(goods)) return false;
  const clause = untilClauseEnd(goods);
  const supplier = SUPPLIER_ZH.first(clause)?.start ?? -1;
  const buyer = BUYER_ZH.first(clause)?.start ?? -1;
  if (supplier >= 0 && (buyer < 0 || supplier < buyer)) return false;
  if (ORIGIN_VERB_ZH.endOf(before)) return true;
  if (ORIGIN_FROM_ZH.endOf(before)) return IMPORT_AFTER_ZH.startOf(after) !== null;
  const of = OF_ZH.endOf(before);
  return (
    of !== null &&
    previous?.length !== undefined &&
    before.slice(previous.at + previous.length, of.start).trim() === ''
  );
}

/** Words that bring goods in from a place ("importing auto parts from China", "buyers of LED from Japan"). */
const IMPORTING_EN = cue(ORIGIN.en_importing);
/** "in", "across", … before a place: that place is where the companies are. */
const MARKET_BEFORE_EN = cue(ORIGIN.en_market_before);
const GOODS_OF_EN = cue(ORIGIN.en_goods_of);
const LISTED_EN = cue(ORIGIN.en_listed);
const OF_ZH = cue(['的']);
const LOWERCASE_CODE_BEFORE = cue(CUES.en_before_lowercase_code);

/** A place named in a sentence: where (`start`, `end`), what, and how it was written. */
export interface PlaceSpan {
  start: number;
  end: number;
  hit: Hit;
  /** A Chinese name (its origin is read the Chinese way). */
  zh: boolean;
  /**
   * How it was read: a name, an ISO code that is no English word ("DEU", "UAE"), or a code that is
   * also a word ("IN", "US", "CAN": capitals only, and a place only where the sentence says so).
   */
  via: 'name' | 'code' | 'word-code';
  /** An English country name written as a noun ("germany"), not an adjective ("german"). */
  noun: boolean;
}

/**
 * Every place name and code of a sentence (simplified script, spaces collapsed), with where it is
 * written; overlapping names are all given (the reader keeps the longest).
 */
export function placeSpans(sentence: string): PlaceSpan[] {
  const text = sentence.toLowerCase();
  const spans: PlaceSpan[] = NAMES.all(text).map(({ start, end, value }) => ({
    start,
    end,
    hit: value.kind === 'country' ? { kind: 'country', iso2: value.iso2 } : { kind: 'region', id: value.id },
    zh: value.zh,
    via: 'name',
    noun: value.noun,
  }));
  for (const match of sentence.matchAll(
    /(?<![\p{Script=Latin}\p{N}.])([A-Za-z]{2,3})(?![\p{Script=Latin}\p{N}])/gu,
  )) {
    const token = match[1]!;
    const code = token.toUpperCase();
    const iso2 = code.length === 2 ? (PLACE_BY_ISO2.has(code) ? code : undefined) : ISO3_TO_ISO2.get(code);
    if (!iso2) continue;
    const wordCode = CODE_WORDS.has(code) || code.length === 2;
    // A code that is also a word counts only in capitals; others in any case where a place is
    // expected ("buyers in deu"), in capitals anywhere.
    if (token !== code && (wordCode || !LOWERCASE_CODE_BEFORE.endOf(text.slice(0, match.index)))) continue;
    spans.push({
      start: match.index,
      end: match.index + token.length,
      hit: { kind: 'country', iso2 },
      zh: false,
      via: wordCode ? 'word-code' : 'code',
      noun: true,
    });
  }
  return spans;
}

/**
 * Which of a sentence's places (in order) are said of the goods, not of the companies: "importers of
 * Chinese tea in Morocco", "companies in Mexico importing auto parts from China", "French wine
 * importers in China", "摩洛哥的中国茶叶进口商", "从中国进口家具的美国公司". Their indexes; the caller
 * keeps them as markets when every place is one (then no market is named besides).
 */
export function originIndexes(
  sentence: string,
  places: readonly { start: number; end: number; zh: boolean; noun: boolean }[],
): number[] {
  if (places.length < 2) return [];
  const padded = ` ${sentence} `;
  const lower = padded.toLowerCase();
  const hits = places.map((place) => ({
    at: place.start + 1,
    length: place.end - place.start,
    zh: place.zh,
    noun: place.noun,
  }));
  const origins = hits.filter((hit) => {
    const { at, length, zh } = hit;
    if (zh) return false;
    const before = lower.slice(0, at);
    const after = lower.slice(at + length);
    const next = after.startsWith(' ') ? wordAt(after, 1) : undefined;
    const goods = next !== undefined && !NOT_GOODS.has(next);
    // "importers of Chinese tea", "distributors for Italian furniture".
    if (GOODS_OF_EN.endOf(before)) return goods;
    // "companies in Mexico importing auto parts from China", not "buyers from Germany".
    if (before.endsWith(' from ')) {
      const previous = before.slice(0, -' from '.length).split(' ').at(-1)!;
      return wordAt(previous, 0) === previous && !NOT_GOODS.has(previous) && IMPORTING_EN.in(lower);
    }
    // "French wine importers in China": an adjective before the goods, with a market "in" another
    // place; not "Germany LED buyers, also in France", where the country itself is named.
    return (
      goods &&
      !hit.noun &&
      hits.some((other) => other !== hit && MARKET_BEFORE_EN.endOf(lower.slice(0, other.at)) !== null)
    );
  });
  // English places listed together ("Spanish and Italian olive oil") are the origin together.
  for (let index = hits.length - 2; index >= 0; index--) {
    const hit = hits[index]!;
    const next = hits[index + 1]!;
    if (hit.zh || !origins.includes(next) || origins.includes(hit)) continue;
    if (isOnly(LISTED_EN, lower.slice(hit.at + hit.length, next.at))) origins.push(hit);
  }
  // Chinese places listed together ("中国和越南家具") are the goods' origin, or not, together.
  for (let first = 0; first < hits.length;) {
    let last = first;
    const end = (index: number) => hits[index]!.at + hits[index]!.length;
    if (!hits[first]!.zh) {
      first++;
      continue;
    }
    while (hits[last + 1]?.zh && isOnly(LISTED_ZH, padded.slice(end(last), hits[last + 1]!.at))) last++;
    const { at } = hits[first]!;
    if (isOriginZh(padded, at, end(last) - at, hits[first - 1])) origins.push(...hits.slice(first, last + 1));
    first = last + 1;
  }
  return origins.map((origin) => hits.indexOf(origin));
}

/** Whether `text` is one of the phrases, with a space on either side at most. */
const isOnly = (phrases: Phrases, text: string) => {
  const hit = phrases.startOf(text);
  return hit !== null && text.slice(hit.end).trim() === '';
};

/** The word (letters and hyphens) starting at `at`, if a letter starts there. */
function wordAt(text: string, at: number): string | undefined {
  let end = at;
  while (end < text.length && ((text[end]! >= 'a' && text[end]! <= 'z') || (end > at && text[end] === '-')))
    end++;
  return end > at ? text.slice(at, end) : undefined;
}

/** Everyday trade words one letter away from a country's name ("chili" is not Chile). */
const NEAR_PLACE_WORDS = new Set(['chili', 'chilis', 'stain', 'stains', 'sedan', 'sedans']);

/**
 * English country names of one or two words, for spelling correction; not China's provinces and
 * cities, which sit one letter from English words ("hunan" and "human").
 */
const correctable = PLACES.flatMap((place) =>
  (built.namesEn.get(place.iso2) ?? [])
    .filter(
      (name) =>
        /^[a-z]+( [a-z]+)?$/.test(name) && name.replace(' ', '').length >= 5 && !CITY_NAMES_EN.has(name),
    )
    .map((name) => [name, place.iso2] as const),
);

/**
 * The country a misspelt English word stands for ("Germnay", "Brazill", "Phillipines"), or null.
 * Same first letter, and at most one edit (two for names of 8 letters or more), with a swap of two
 * neighbouring letters counted as one edit.
 */
export function correctCountry(word: string): string | null {
  const written = lower(word);
  if (NEAR_PLACE_WORDS.has(written)) return null;
  if (!/^[a-z]+( [a-z]+)?$/.test(written) || written.replace(' ', '').length < 5) return null;
  let best: { iso2: string; cost: number; shared: number } | null = null;
  for (const [name, iso2] of correctable) {
    if (name[0] !== written[0] || Math.abs(name.length - written.length) > 2) continue;
    const allowed = name.length >= 8 ? 2 : 1;
    const cost = Math.min(distance(name, written), swapDistance(name, written));
    if (cost === 0 || cost > allowed) continue;
    // Two names as near: the one sharing more letters in order ("Austrlia" is Australia, not Austria).
    const shared = commonLetters(name.replace(' ', ''), written.replace(' ', ''));
    if (!best || cost < best.cost || (cost === best.cost && shared > best.shared))
      best = { iso2, cost, shared };
    else if (cost === best.cost && shared === best.shared && best.iso2 !== iso2)
      best = { iso2: '', cost, shared }; // ambiguous
  }
  return best?.iso2 || null;
}

/** The length of the longest common subsequence of two words. */
function commonLetters(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const char of a) {
    const row = [0];
    for (let j = 1; j <= b.length; j++)
      row[j] = char === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[b.length]!;
}

/** 1 when `b` is `a` with two neighbouring letters swapped, otherwise Infinity. */
export function swapDistance(a: string, b: string): number {
  if (a.length !== b.length) return Infinity;
  const diff = [...a].flatMap((char, i) => (char === b[i] ? [] : [i]));
  return diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
    ? 1
    : Infinity;
}
