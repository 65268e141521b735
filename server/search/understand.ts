import { Jieba } from '@node-rs/jieba';
import jiebaDict from '@node-rs/jieba/dict.js';
import { pinyin } from 'pinyin-pro';
import { MAX_QUERY_LENGTH } from '../../contract/limits.ts';
import { collapseSpaces } from '../platform/text.ts';
import {
  conditionSpans,
  kindSpans,
  namedConditionSpans,
  type CompanyType,
  type ConditionSpan,
  type Conditions,
  kindInsisted,
} from './conditions.ts';
import {
  PLACES_LEXICON,
  REGION_BY_ID,
  correctCountry,
  originIndexes,
  placeSpans,
  type Hit,
} from './places.ts';
import {
  PRODUCTS,
  PRODUCT_BY_ID,
  askedProducts,
  isEnglishWord,
  productSpans,
  type Product,
} from './products.ts';
import { BRANDS, FITS_BRANDS, WORDS, type Brand } from './lexicon.ts';
import {
  CLAUSE_MARKS,
  Phrases,
  bothLanguages,
  latinWords,
  untilClauseEnd,
  type PhraseEntry,
} from './phrases.ts';
import { hasChinese, simplified } from './script.ts';
import { codesOf } from './codes.ts';
import { kindWordsNotApplied, withoutExcluded, type Excluded, type Understood } from './understanding.ts';

/**
 * The search's reader (issue 31): one pass over the untouched sentence. The sentence is tidied
 * once (NFKC, simplified script, one space per run, 300 characters), segmented by jieba with the
 * lexicon's words as its user dictionary, and every reader annotates the same text: places,
 * products, conditions, kinds of company and role words, each a span with where it is written.
 * Overlaps are resolved in one place (the longest wins; at the same length a condition, then a
 * word for the companies, then a place, then a product), then what is left is read for misspelt
 * places (English edits, Chinese homophones, pinyin), and the cues give each span its part: what
 * the sentence leaves out (negation and its scope), the user's own business and the markets they
 * already serve (context, not asked), where the goods come from (origin), who the companies work
 * with (partners). Only then are the criteria built.
 */

const hasCjk = hasChinese;

// ---------------------------------------------------------------------------------------------
// Tidying and segmenting

/** Marketplaces and shop platforms, whose sellers sell to consumers (lexicon/words.json, online_sellers). */
const MARKETPLACES = new Phrases(bothLanguages(WORDS.online_sellers.marketplaces));
const SELLERS = new Phrases(bothLanguages(WORDS.online_sellers.sellers));

/** The sentence as every reader sees it: NFKC, simplified script, one space per run, 300 characters. */
export function readable(sentence: string): string {
  return simplified(collapseSpaces(sentence.slice(0, 4 * MAX_QUERY_LENGTH).normalize('NFKC')))
    .replaceAll('\n', ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

/** Lower case with the same length, so positions hold in both; a typographic apostrophe as "'". */
function lowerSameLength(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char === '’' ? "'" : char.toLowerCase();
    out += lower.length === char.length ? lower : char;
  }
  return out;
}

/** Chinese words of the lexicon, the segmenter's user dictionary: places, products, role words. */
function lexiconWords(): string[] {
  const words = new Set<string>();
  for (const country of PLACES_LEXICON.countries)
    for (const name of [...country.names_zh, ...country.cities_zh]) words.add(name);
  for (const region of PLACES_LEXICON.regions)
    for (const name of [region.zh, ...region.names_zh]) words.add(name);
  for (const product of PRODUCTS)
    for (const name of [product.zh, ...product.synonyms_zh]) if (hasCjk(name)) words.add(name.toLowerCase());
  for (const role of Object.values(WORDS.roles))
    for (const entry of role.zh) words.add(typeof entry === 'string' ? entry : entry.word);
  return [...words].filter((word) => word.length >= 2 && !word.includes(' '));
}

let jieba: Jieba | null = null;
/**
 * The segmenter, made once: jieba's dictionary, and the lexicon's words it does not cut as one
 * word (中国茶叶, 意大利面, 非洲鲫鱼) added as likely words. Words it already knows keep its own
 * frequency: raising them would cut "卖家电" as 卖家/电.
 */
function segmenter(): Jieba {
  if (!jieba) {
    const base = Jieba.withDict(jiebaDict.dict);
    const missing = lexiconWords().filter((word) => base.cut(word, false).length > 1);
    base.loadDict(Buffer.from(missing.map((word) => `${word} 3000`).join('\n')));
    jieba = base;
  }
  return jieba;
}

interface Token {
  start: number;
  end: number;
}

/** The sentence cut into words by jieba (English words and spaces come out whole too). */
function segment(text: string): Token[] {
  const pieces = segmenter().cut(text, false);
  if (pieces.join('') !== text) return [...text].map((_, i) => ({ start: i, end: i + 1 }));
  const tokens: Token[] = [];
  let at = 0;
  for (const piece of pieces) {
    tokens.push({ start: at, end: at + piece.length });
    at += piece.length;
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Spans

type Span =
  | {
      type: 'place';
      start: number;
      end: number;
      hit: Hit;
      via: 'name' | 'code' | 'word-code' | 'typo' | 'pinyin';
      zh: boolean;
      noun: boolean;
      written?: string;
    }
  | { type: 'product'; start: number; end: number; product: Product; written?: string }
  | ({ type: 'condition' } & ConditionSpan)
  | {
      type: 'company';
      start: number;
      end: number;
      kind?: CompanyType;
      role?: 'buyer' | 'supplier';
      word: string;
    };

/** At the same length: a condition, then a word for the companies, then a place, then a product. */
const PRIORITY: Record<Span['type'], number> = { condition: 4, company: 3, place: 2, product: 1 };

const ROLE_WORDS = new Phrases(
  (['buyer', 'supplier'] as const).flatMap((role) =>
    bothLanguages(WORDS.roles[role]).map((word) => [word, role] as [PhraseEntry, typeof role]),
  ),
);

/**
 * Whether a Chinese span's last characters do not start a word that goes on past it: "卖家" is not
 * in "卖家具" (jieba cuts 卖/家具), but 进口商 stays one where 葡萄酒进口/商 is cut.
 */
const aligned = (tokens: Token[], start: number, end: number) =>
  !tokens.some((t) => t.start > start && t.start < end && t.end > end);

/** The words for the companies asked (role words and kinds), merged where they name the same text. */
function companySpans(lower: string, tokens: Token[]): Span[] {
  const byRange = new Map<string, Extract<Span, { type: 'company' }>>();
  const add = (
    start: number,
    end: number,
    word: string,
    value: { kind?: CompanyType; role?: 'buyer' | 'supplier' },
  ) => {
    if (hasCjk(word) && !aligned(tokens, start, end)) return;
    const key = `${start}:${end}`;
    const known = byRange.get(key) ?? { type: 'company', start, end, word };
    byRange.set(key, { ...known, ...value, ...(known.kind ? { kind: known.kind } : {}) });
  };
  for (const hit of ROLE_WORDS.all(lower)) add(hit.start, hit.end, hit.word, { role: hit.value });
  // A seller on a marketplace ("亚马逊卖家", "online stores"), or named in the same clause as one
  // ("亚马逊上卖瑜伽垫的卖家"), sells to consumers.
  for (const seller of SELLERS.all(lower)) {
    const clause = clauseBefore(lower, seller.start);
    const marketplace = MARKETPLACES.endOf(clause);
    if (marketplace) {
      const start = seller.start - clause.length + marketplace.start;
      add(start, seller.end, lower.slice(start, seller.end), { kind: 'retailer', role: 'buyer' });
    } else if (MARKETPLACES.in(clause) && !['store', 'stores', 'shop', 'shops'].includes(seller.word))
      add(seller.start, seller.end, seller.word, { kind: 'retailer', role: 'buyer' });
  }
  for (const span of kindSpans(lower))
    add(span.start, span.end, span.word, {
      kind: span.type,
      role: span.type === 'manufacturer' ? 'supplier' : 'buyer',
    });
  // A role phrase that holds a kind of its own role ("who imports") is that kind too; one of the other
  // role is the user's own doing ("我们想进口…", "we want to import": they buy, and ask for suppliers).
  const spans = [...byRange.values()];
  for (const span of spans)
    if (!span.kind) {
      const inner = spans.find(
        (other) =>
          other.kind && other.start >= span.start && other.end <= span.end && other.role === span.role,
      );
      if (inner?.kind) span.kind = inner.kind;
    }
  return spans;
}

/** Picks spans longest first (then by PRIORITY, then read as written over corrected), none overlapping. */
function resolve(spans: Span[], taken: Span[] = []): Span[] {
  const chosen = [...taken];
  const order = [...spans].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      PRIORITY[b.type] - PRIORITY[a.type] ||
      Number('written' in a && Boolean(a.written)) - Number('written' in b && Boolean(b.written)) ||
      // Two product names of one length over each other: the later is the compound's head
      // ("二手汽车零件": car parts, not used cars).
      (a.type === 'product' && b.type === 'product' ? b.start - a.start : a.start - b.start),
  );
  for (const span of order)
    if (!chosen.some((c) => span.start < c.end && c.start < span.end)) chosen.push(span);
  return chosen.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Places read through a correction: English misspellings, Chinese homophones, pinyin

/** Words for companies or a market right after "US" ("US companies", "US market"): then it is the place. */
const COMPANY_NOUN_AFTER = new Phrases(WORDS.company_nouns_en);

const PLACE_CUES = PLACES_LEXICON.cues;
/** Words after which a misspelt word is read as a place. */
const PLACE_PREPOSITIONS = new Set(PLACE_CUES.en_before_misspelt);
/** Words before a code that is also a word ("in US") that make it the place. */
const CODE_BEFORE = new Phrases(PLACE_CUES.en_before_code);
const LIST_JOINERS = new Phrases(WORDS.list_joiners);

const syllables = (text: string) => pinyin(text, { toneType: 'none', type: 'array', v: true });
/**
 * A name's sounds: its pinyin without tones read as a word, and each character's own reading (秘鲁
 * is "bilu", but an input method that writes 秘露 reads 秘 as "mi").
 */
const soundsOf = (name: string) => [
  ...new Set([syllables(name).join(''), [...name].map((char) => syllables(char)[0] ?? char).join('')]),
];

/** Chinese country and region names by their pinyin without tones ("deguo" → 德国), two syllables or more. */
const PINYIN = new Map<string, { hit: Hit; name: string }>();
for (const country of PLACES_LEXICON.countries)
  for (const name of country.names_zh)
    if (name.length >= 2)
      for (const sound of soundsOf(name))
        if (!PINYIN.has(sound)) PINYIN.set(sound, { hit: { kind: 'country', iso2: country.iso2 }, name });
for (const region of PLACES_LEXICON.regions)
  for (const name of [region.zh, ...region.names_zh])
    if (name.length >= 2)
      for (const sound of soundsOf(name))
        if (!PINYIN.has(sound)) PINYIN.set(sound, { hit: { kind: 'region', id: region.id }, name });

/**
 * Chinese product names by their sounds, for what an input method wrote with the wrong characters
 * (磁砖 for 瓷砖, 罗丝 for 螺丝, 床电 for 床垫); a sound two products share is neither's. Made on the
 * first sentence that needs it.
 */
let productSounds: Map<string, { product: Product; name: string } | null> | null = null;
function productBySound(sound: string) {
  if (!productSounds) {
    productSounds = new Map();
    for (const product of PRODUCTS)
      for (const name of new Set([product.zh, ...product.synonyms_zh]))
        if (name.length >= 2 && [...name].every((char) => hasCjk(char)))
          for (const key of soundsOf(name)) {
            const known = productSounds.get(key);
            if (known === undefined) productSounds.set(key, { product, name });
            else if (known && known.product !== product && !isUnder(product, known.product.id))
              productSounds.set(key, isUnder(known.product, product.id) ? { product, name } : null);
          }
  }
  return productSounds.get(sound) ?? undefined;
}

/** Characters no place's name holds: particles and prepositions. */
const PARTICLES = '的了是在和与及或把被给对从到向也都就还';

/** What stands after a Chinese place: 的, a list, a market, a word for the companies. */
const PLACE_AFTER_ZH = new Phrases(PLACE_CUES.zh_after);
/** What stands before a Chinese place: in, from, to, a list. */
const PLACE_BEFORE_ZH = new Phrases(PLACE_CUES.zh_before);

/** Characters that stand for a country when run together or listed with 、 (lexicon/places.json). */
const ABBREVIATIONS = PLACES_LEXICON.abbreviations_zh;
/** What may follow countries run together: 两国, 三国, 等国, 国家, or what follows any place. */
const ABBREVIATION_AFTER = new Phrases(PLACE_CUES.zh_after_abbreviation);

/**
 * Countries run together by one character each (日韩, 美加, 英法德三国, 星马地区) or listed with 、
 * (德、法两国), where a place stands, in what no other reader took.
 */
function abbreviatedPlaces(text: string, chosen: Span[]): Span[] {
  const free = (at: number) => !chosen.some((c) => at >= c.start && at < c.end);
  const found: Span[] = [];
  for (let start = 0; start < text.length; start++) {
    let end = start;
    const chars: number[] = [];
    while (end < text.length && free(end) && ABBREVIATIONS.chars[text[end]!]) {
      chars.push(end);
      end++;
      if (text[end] === '、' && ABBREVIATIONS.chars[text[end + 1] ?? '']) end++;
    }
    if (chars.length < 2 || chars.length > 5) continue;
    const after = text.slice(end);
    const startsNext = chosen.some((c) => c.start === end && c.type !== 'place');
    // Three or more at the end of a clause stand alone too ("主要是德法意，").
    const listEnds = chars.length >= 3 && (after === '' || CLAUSE_MARKS.includes(after[0]!));
    if (
      !ABBREVIATION_AFTER.startOf(after) &&
      !startsNext &&
      !listEnds &&
      !PLACE_BEFORE_ZH.endOf(text.slice(0, start))
    )
      continue;
    for (const at of chars) {
      const previous = text[at - 1] ?? '';
      const iso2 = ABBREVIATIONS.after[previous]?.[text[at]!] ?? ABBREVIATIONS.chars[text[at]!]!;
      found.push({
        type: 'place',
        start: at,
        end: at + 1,
        hit: { kind: 'country', iso2 },
        via: 'name',
        zh: true,
        noun: false,
      });
    }
    start = end - 1;
  }
  return found;
}

/** Places written with a slip, in what no other reader read (`free`): English edits, Chinese homophones, pinyin. */
function correctedPlaces(text: string, lower: string, chosen: Span[]): Span[] {
  const free = (start: number, end: number) => !chosen.some((c) => start < c.end && c.start < end);
  // A homophone may hold a shorter product name (俄螺丝 holds 螺丝): the place's reading wins there.
  // A longer sound-alike holds a place's name (印度尼西压 holds 印度) too.
  const freeOfAllButProducts = (start: number, end: number, places = false) =>
    !chosen.some(
      (c) =>
        start < c.end &&
        c.start < end &&
        ((c.type !== 'product' && !(places && c.type === 'place')) ||
          c.start < start ||
          c.end > end ||
          c.end - c.start === end - start),
    );
  const found: Span[] = [];
  // English: a misspelt country where a place is expected, after "in", "from"… or capitalized.
  const words = latinWords(lower);
  for (let i = 0; i < words.length; i++) {
    const { word, at } = words[i]!;
    if (!free(at, at + word.length)) continue;
    const capitalized = text[at] !== lower[at];
    const before = words[i - 1];
    const expected =
      before !== undefined &&
      PLACE_PREPOSITIONS.has(before.word) &&
      before.at + before.word.length + 1 === at;
    const next = words[i + 1];
    const pinyinHit = word.length >= 4 && !isEnglishWord(word) ? PINYIN.get(word) : undefined;
    if (pinyinHit) {
      found.push({
        type: 'place',
        start: at,
        end: at + word.length,
        hit: pinyinHit.hit,
        via: 'pinyin',
        zh: false,
        noun: true,
        written: text.slice(at, at + word.length),
      });
      continue;
    }
    if (!capitalized && !expected) continue;
    const two =
      next && free(next.at, next.at + next.word.length) && next.at === at + word.length + 1
        ? correctCountry(`${word} ${next.word}`)
        : null;
    const iso2 = two ?? correctCountry(word);
    if (!iso2) continue;
    const end = two ? next!.at + next!.word.length : at + word.length;
    found.push({
      type: 'place',
      start: at,
      end,
      hit: { kind: 'country', iso2 },
      via: 'typo',
      zh: false,
      noun: true,
      written: text.slice(at, end),
    });
    if (two) i++;
  }
  // Chinese: two to four characters no reader took that sound like a place's name (得国, 波澜,
  // 菲律滨), where a place stands: before 的, a list or a word for the companies; after 在, 从…
  for (let start = 0; start < text.length; start++) {
    const taken = chosen.some(
      (c) => start >= c.start && start < c.end && c.type !== 'product' && c.type !== 'place',
    );
    if (!hasCjk(text[start]!) || taken) continue;
    for (let end = Math.min(text.length, start + 5); end >= start + 2; end--) {
      const piece = text.slice(start, end);
      const long = piece.length >= 3;
      if (![...piece].every((char) => hasCjk(char)) || !freeOfAllButProducts(start, end, long)) continue;
      // A particle is no part of a two-character place's name: "的锅" sounds like 德国, "茶的" like 查德.
      if (!long && [...piece].some((char) => PARTICLES.includes(char))) continue;
      const known = soundsOf(piece)
        .map((sound) => PINYIN.get(sound))
        .find((hit) => hit && hit.name.length === piece.length);
      if (!known || known.name === piece) continue;
      const after = text.slice(end);
      // Three characters and more sound like a place by chance too rarely to need more: goods may follow.
      const startsNext = chosen.some((c) => c.start === end && (c.type !== 'product' || long));
      // At the start of the sentence a place is followed by 有 too ("法过有没有…").
      const opening = start === 0 && after.startsWith('有');
      if (
        !PLACE_AFTER_ZH.startOf(after) &&
        !startsNext &&
        !opening &&
        !PLACE_BEFORE_ZH.endOf(text.slice(0, start))
      )
        continue;
      found.push({
        type: 'place',
        start,
        end,
        hit: known.hit,
        via: 'pinyin',
        zh: true,
        noun: false,
        written: piece,
      });
      start = end - 1;
      break;
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Cues: what the sentence leaves out, the user's own context, partners

/**
 * What a sentence does not want (lexicon/words.json, negation): words that start it, up to the end
 * of the clause or a turn to what is wanted ("看看法国", "try Austria", "以外的"), and words said
 * after what they leave out, at the end of a clause ("伊朗不要", "Brazil excluded").
 */
const NEGATION = new Phrases(bothLanguages(WORDS.negation.before));
const NEGATION_END = new Phrases([...CLAUSE_MARKS, ...bothLanguages(WORDS.negation.scope_ends)]);
const NEGATION_AFTER = new Phrases(bothLanguages(WORDS.negation.after));

type Range = [number, number];
const within = (span: { start: number; end: number }, ranges: Range[]) =>
  ranges.some(([from, to]) => span.start >= from && span.end <= to);

/** The text from the start of the clause `at` is in, up to `at`. */
function clauseBefore(text: string, at: number): string {
  let from = at;
  while (from > 0 && !CLAUSE_MARKS.includes(text[from - 1]!)) from--;
  return text.slice(from, at);
}

/** What the sentence does not want: from each negation word to the end of its clause or a turn. */
function negationScopes(lower: string, chosen: Span[]): { words: Range[]; scopes: Range[] } {
  const words: Range[] = [];
  const scopes: Range[] = [];
  // A negation word inside a name another reader took is part of it ("drop earrings").
  const named = (at: number) => chosen.some((span) => at >= span.start && at < span.end);
  for (const hit of NEGATION_AFTER.leftmost(lower)) {
    if (named(hit.start)) continue;
    words.push([hit.start, hit.end]);
    scopes.push([hit.start - clauseBefore(lower, hit.start).length, hit.start]);
  }
  let from = 0;
  for (const hit of NEGATION.leftmost(lower)) {
    if (hit.start < from || named(hit.start)) continue;
    const stop = NEGATION_END.first(lower.slice(hit.end))?.start;
    const end = stop === undefined ? lower.length : hit.end + stop;
    words.push([hit.start, hit.end]);
    scopes.push([hit.end, end]);
    from = end;
  }
  return { words, scopes };
}

/**
 * Where the user says who they are ("我们是做LED灯的工厂，想找德国的买家", "we are a Chinese furniture
 * factory looking for buyers", "we are exporters of tiles"): lexicon/words.json, self. Its kind of
 * company, role and places are the user's, not what is asked for; its products stay (they are what
 * the user sells). In English only "a …", "based …" or a kind of company: "I am interested in
 * German buyers" asks.
 */
const SELF_ZH = new Phrases(
  WORDS.self.zh.subjects.flatMap((subject) => WORDS.self.zh.verbs.map((verb) => subject + verb)),
);
const SELF_ZH_END = new Phrases([...CLAUSE_MARKS, ...WORDS.self.zh.ends]);
const SELF_EN = new Phrases(WORDS.self.en.subjects);
const SELF_EN_THEN = new Phrases(WORDS.self.en.then);
const SELF_EN_KIND = new Phrases(WORDS.self.en.kinds, { plurals: true });
const SELF_EN_END = new Phrases([...CLAUSE_MARKS, ...WORDS.self.en.ends]);
/** What the user says they sell or make: "我们卖…", "我们是做…", "we sell …" (lexicon/words.json, self.sells). */
const SELLS_ZH = new Phrases(
  WORDS.self.zh.subjects.flatMap((subject) => WORDS.self.zh.sells.map((verb) => subject + verb)),
);
const SELLS_ZH_VERBS = new Phrases(WORDS.self.zh.sells);
const SELLS_EN = new Phrases(WORDS.self.en.sells);
/** Words for a company that makes goods (words.json, kinds.manufacturer). */
const MAKERS = new Phrases(bothLanguages(WORDS.kinds.manufacturer), { plurals: true });

/**
 * Where the user tells who they are (`self`) and what they sell or make (`sells`, which is also
 * `self`). A clause right after one about the user that starts with a verb of selling has the user
 * as its subject too ("我们厂在宁波，做注塑机的").
 */
function selfRanges(lower: string): { self: Range[]; sells: Range[] } {
  const ranges: Range[] = [];
  const sells: Range[] = [];
  const upTo = (start: number, from: number, ends: Phrases, into = ranges) => {
    const stop = ends.first(lower.slice(from))?.start;
    const range: Range = [start, stop === undefined ? lower.length : from + stop];
    into.push(range);
    return range;
  };
  for (const hit of SELLS_ZH.leftmost(lower)) upTo(hit.start, hit.end, SELF_ZH_END, sells);
  for (const hit of SELLS_EN.leftmost(lower)) upTo(hit.start, hit.end, SELF_EN_END, sells);
  for (const hit of SELF_ZH.leftmost(lower)) {
    const [, end] = upTo(hit.start, hit.end, SELF_ZH_END);
    // A factory makes what it names: "我们是台中的自行车零件厂".
    if (MAKERS.in(lower.slice(hit.start, end))) sells.push([hit.start, end]);
    // The next clause, its subject dropped: "，做注塑机的".
    const next = end < lower.length && CLAUSE_MARKS.includes(lower[end]!) ? end + 1 : -1;
    const verb = next > 0 ? SELLS_ZH_VERBS.startOf(lower.slice(next)) : null;
    if (verb && verb.start === 0) upTo(next, next + verb.end, SELF_ZH_END, sells);
  }
  for (const hit of SELF_EN.leftmost(lower)) {
    const after = lower.slice(hit.end);
    const then = SELF_EN_THEN.startOf(after);
    const first = after.slice(1).split(' ')[0]!;
    const kind = SELF_EN_KIND.startOf(after) ?? SELF_EN_KIND.startOf(after.slice(1 + first.length));
    if (after.startsWith(' ') && (then || kind)) {
      const range = upTo(hit.start, hit.end + 1, SELF_EN_END);
      if (MAKERS.in(lower.slice(...range))) sells.push(range);
    }
  }
  return { self: [...ranges, ...sells], sells };
}

/**
 * Where the places a sentence puts others in place of stand: before the last word of replacing
 * (lexicon/words.json) that a place follows, from the sentence's start.
 */
const REPLACING = new Phrases(bothLanguages(WORDS.replacing));

function replacedRanges(lower: string, places: readonly Span[]): Range[] {
  const cue = REPLACING.all(lower).findLast((hit) => places.some((place) => place.start >= hit.end));
  return cue ? [[0, cue.start]] : [];
}

const EXISTING = new Phrases(bothLanguages(WORDS.existing_markets));
const CONTINUES = new Phrases(bothLanguages(WORDS.continues));
const TARGET = new Phrases(bothLanguages(WORDS.targets));
/** Words that start a new clause inside a sentence: a turn from the context to what is asked. */
const TURN = new Phrases(bothLanguages(WORDS.turns));

/** The clauses of a sentence: between punctuation (a full stop before a space or the end) and turn words. */
function clauses(lower: string): Range[] {
  const cuts = new Set<number>([0, lower.length]);
  for (let at = 0; at < lower.length; at++) {
    const mark = lower[at]!;
    if (!CLAUSE_MARKS.includes(mark) || (mark === '.' && (lower[at + 1] ?? ' ') !== ' ')) continue;
    cuts.add(at);
    cuts.add(at + 1);
  }
  for (const hit of TURN.all(lower)) cuts.add(hit.start);
  const points = [...cuts].sort((a, b) => a - b);
  return points
    .slice(1)
    .map((end, i) => [points[i]!, end] as Range)
    .filter(([from, to]) => to > from);
}

/**
 * The user's context: who they are (selfRanges) and each clause that tells what they already do (a
 * word of existing_markets, lexicon/words.json) and asks for nothing (no word of targets): "目前在美国
 * 和加拿大卖得不错", "之前主要出口澳洲", "we already sell to Japan". Its places are not searched.
 */
function contextRanges(lower: string): { context: Range[]; sells: Range[] } {
  const { self, sells } = selfRanges(lower);
  const ranges = [...self];
  let previous = false;
  for (const [from, to] of clauses(lower)) {
    const clause = lower.slice(from, to);
    if (CLAUSE_MARKS.includes(clause)) continue;
    // A clause that says more of a context clause before it ("…做得还行，主要是德法意") is context too.
    const more: boolean = previous && CONTINUES.startOf(clause.trimStart()) !== null;
    previous = !TARGET.in(clause) && (EXISTING.in(clause) || more);
    if (previous) ranges.push([from, to]);
  }
  return { context: ranges, sells };
}

/**
 * Who the asked companies work with, not who they are (lexicon/words.json, partners): "找工厂做OEM的
 * 品牌商" (brands that have factories make their goods), "brand owners who outsource to factories".
 * Left out of the role when a role word comes before it.
 */
const PARTNER_ASKS = new Phrases(WORDS.partners.zh.asks);
const PARTNER_FACTORIES = new Phrases(WORDS.partners.zh.factories);
const PARTNER_MAKES = new Phrases(WORDS.partners.zh.makes);
const PARTNER_AFTER_MAKES = new Phrases(WORDS.partners.zh.after_makes);
const RELATIVES_EN = new Phrases(WORDS.partners.en.relatives);

function partnerRanges(lower: string): Range[] {
  const ranges: Range[] = [];
  for (const factory of PARTNER_FACTORIES.leftmost(lower)) {
    const makes = PARTNER_MAKES.startOf(lower.slice(factory.end));
    if (!makes || makes.start > 0) continue;
    let end = factory.end + makes.end;
    end += PARTNER_AFTER_MAKES.startOf(lower.slice(end))?.end ?? 0;
    const before = clauseBefore(lower, factory.start).slice(-6);
    const ask = PARTNER_ASKS.all(before).findLast((hit) => before.length - hit.end <= 4);
    if (ask) ranges.push([factory.start - before.length + ask.start, end]);
  }
  for (const relative of RELATIVES_EN.all(lower)) {
    const clause = untilClauseEnd(lower.slice(relative.start));
    ranges.push([relative.start, relative.start + clause.length]);
  }
  return ranges;
}

// ---------------------------------------------------------------------------------------------
// Follow-ups and what is left unread

/**
 * A follow-up that asks for more of the same, and nothing else (lexicon/words.json, more_only): only
 * its words, one of them a core word ("再来一批", "show me more results").
 */
const MORE_ONLY = {
  zh: {
    core: new Set(WORDS.more_only.zh.core),
    all: new Phrases([...WORDS.more_only.zh.core, ...WORDS.more_only.zh.also]),
  },
  en: {
    core: new Set(WORDS.more_only.en.core),
    all: new Set([...WORDS.more_only.en.core, ...WORDS.more_only.en.also]),
  },
};

function asksForMoreOnly(lower: string): boolean {
  let rest = lower;
  while (rest && (CLAUSE_MARKS.includes(rest.at(-1)!) || rest.endsWith(' '))) rest = rest.slice(0, -1);
  if (!rest) return false;
  if (!hasCjk(rest)) {
    const words = rest.split(' ');
    return (
      words.every((word) => MORE_ONLY.en.all.has(word)) && words.some((word) => MORE_ONLY.en.core.has(word))
    );
  }
  let core = false;
  for (let at = 0; at < rest.length;) {
    if (rest[at] === ' ') {
      at++;
      continue;
    }
    const word = MORE_ONLY.zh.all.startOf(rest.slice(at));
    if (!word || word.start > 0) return false;
    core ||= MORE_ONLY.zh.core.has(word.word);
    at += word.end;
  }
  return core;
}

const FILLER_EN = new Set(WORDS.fillers.en);
const FILLER_ZH = [...WORDS.fillers.zh].sort((a, b) => b.length - a.length);

/** The words no reader took and no filler explains, to tell the user (at most 6). */
function unread(lower: string, taken: Range[], language: 'zh' | 'en'): string[] {
  let rest = '';
  let from = 0;
  for (const [start, end] of [...taken].sort((a, b) => a[0] - b[0])) {
    if (start < from) {
      from = Math.max(from, end);
      continue;
    }
    rest += `${lower.slice(from, start)} `;
    from = end;
  }
  rest += lower.slice(from);
  for (const word of FILLER_ZH) rest = rest.split(word).join(' ');
  const words = new Intl.Segmenter(language === 'zh' ? 'zh-CN' : 'en', { granularity: 'word' });
  const out: string[] = [];
  for (const part of words.segment(rest)) {
    if (!part.isWordLike) continue;
    const word = part.segment;
    if (FILLER_EN.has(word) || word.length < 2 || Number.isInteger(Number(word))) continue;
    if (!out.includes(word)) out.push(word);
  }
  return out.slice(0, 6);
}

type ProductSpanChosen = Extract<Span, { type: 'product' }>;

/**
 * Of product names written right against each other (no separator: "水果包装纸箱", "汽车LED大灯",
 * "chocolate packaging boxes"), the last is the product, the others say what it is for or made of;
 * unless they are siblings under one broader product, which are a list ("帐篷睡袋").
 */
function heads(text: string, spans: ProductSpanChosen[]): ProductSpanChosen[] {
  return spans.filter((span, i) => {
    const next = spans[i + 1];
    if (!next) return true;
    if (span.product.broader !== null && span.product.broader === next.product.broader) return true;
    const between = text.slice(span.end, next.start);
    return !(between === '' || (between === ' ' && !hasCjk(text.slice(span.start, next.end))));
  });
}

const isUnder = (product: Product, id: string) => {
  for (let p: Product | undefined = product; p; p = p.broader ? PRODUCT_BY_ID.get(p.broader) : undefined)
    if (p.id === id) return true;
  return false;
};

/**
 * A brand's name that is also a product (苹果 are apples; Apple makes phones) is the brand when the
 * sentence names goods of its kind or a word for them ("苹果手机壳", "Apple accessories"):
 * lexicon/brands.json. Such a name is left out of the products.
 */
function withoutBrands(lower: string, spans: ProductSpanChosen[]): ProductSpanChosen[] {
  const kept = spans.filter((span) => {
    const whole = lower.slice(span.start, span.end);
    const written = whole.endsWith('s') ? whole.slice(0, -1) : whole;
    const brand = BRANDS.find((b) => b.also.includes(span.product.id) && b.names.includes(written));
    if (!brand) return true;
    const goods = spans.some(
      (other) => other !== span && brand.goods.some((id) => isUnder(other.product, id)),
    );
    const after = lower.slice(span.end, span.end + 12);
    return !goods && !cuesOf(brand).in(after);
  });
  if (kept.length > 0 || spans.length === 0) return kept;
  // Only the brand was named, with a word for its goods ("Apple accessories"): those goods.
  for (const span of spans) {
    const brand = BRANDS.find((b) => b.also.includes(span.product.id));
    const after = lower.slice(span.end, span.end + 12);
    const cue = brand && cueProductsOf(brand).first(after);
    const product = cue ? PRODUCT_BY_ID.get(cue.value) : undefined;
    if (product) return [{ ...span, product }];
  }
  return kept;
}

/** A brand's cue words, and those that stand for its goods, as phrases (made once per brand). */
const brandCues = new Map<Brand, { cues: Phrases; products: Phrases<string> }>();
function cuesFor(brand: Brand) {
  let cues = brandCues.get(brand);
  if (!cues) {
    cues = {
      cues: new Phrases(brand.cues),
      products: new Phrases(Object.entries(brand.cue_products ?? {})),
    };
    brandCues.set(brand, cues);
  }
  return cues;
}
const cuesOf = (brand: Brand) => cuesFor(brand).cues;
const cueProductsOf = (brand: Brand) => cuesFor(brand).products;

const FITS = FITS_BRANDS.map((brand) => ({
  names: new Phrases(brand.names),
  parts: new Phrases(Object.entries(brand.cue_products)),
}));

/**
 * The goods a sentence names only by the brand they fit ("Tesla accessory shops", "路虎配件批发商"):
 * a word for parts or accessories within a few words after such a brand (lexicon/brands.json,
 * fits). Only asked when no goods of their own were read.
 */
function fittingGoods(
  lower: string,
  asked: (span: { start: number; end: number }) => boolean,
): { product: Product; range: Range } | null {
  for (const brand of FITS)
    for (const hit of brand.names.all(lower)) {
      if (!asked(hit)) continue;
      const cue = brand.parts.first(lower.slice(hit.end, hit.end + 24));
      const product = cue && PRODUCT_BY_ID.get(cue.value);
      if (product) return { product, range: [hit.start, hit.end + cue.end] };
    }
  return null;
}

/** A word for a company right after a product's name: "机械厂", "小家电工厂", "lighting company". */
const COMPANY_AFTER_PRODUCT = new Phrases(WORDS.company_after_product);

/**
 * A product that names the user's own kind of company ("我们是机械厂，做CNC车床": a machinery
 * factory that makes CNC lathes) gives way to the goods named besides.
 */
function withoutDescriptors(lower: string, spans: ProductSpanChosen[], own: Range[]): ProductSpanChosen[] {
  const descriptor = (span: ProductSpanChosen) =>
    COMPANY_AFTER_PRODUCT.startOf(lower.slice(span.end)) !== null;
  // The user's own factory's goods stay unless they name other goods of their own ("我们是自行车零件厂，
  // 想开发纽澳的脚踏车店": bicycle parts).
  const ownGoods = spans.some((span) => within(span, own) && !descriptor(span));
  const goods = spans.filter((span) => !descriptor(span) || (within(span, own) && !ownGoods));
  return goods.length > 0 ? goods : spans;
}

/**
 * An HS code and a product name for the same goods ("packaging importers, HS 4819"): the code says
 * which, so a named product the code's product sits under gives way to it.
 */
function narrowedByCode(spans: ProductSpanChosen[]): ProductSpanChosen[] {
  const coded = spans.filter((span) => span.written && /\d{4}/.test(span.written));
  return spans.filter(
    (span) =>
      coded.includes(span) ||
      !coded.some((code) => code.product !== span.product && isUnder(code.product, span.product.id)),
  );
}

/**
 * Of a broader and a narrower product both named ("海鲜进口商，要冷冻鱼的", "农机经销商，拖拉机为主",
 * "运动鞋 … 鞋类批发商"), the narrower: it says which of the broader goods.
 */
function narrowest(spans: ProductSpanChosen[]): ProductSpanChosen[] {
  return spans.filter(
    (span) =>
      !spans.some((other) => other.product !== span.product && isUnder(other.product, span.product.id)),
  );
}

/** Where the goods the companies buy are named: "factories that buy …", "买我们的…" (words.json, asked_goods). */
const ASKED_GOODS = new Phrases(bothLanguages(WORDS.asked_goods));
function askedGoodsRanges(lower: string): Range[] {
  return ASKED_GOODS.leftmost(lower).map(
    (hit) => [hit.start, hit.start + untilClauseEnd(lower.slice(hit.start)).length] as Range,
  );
}

/**
 * Where the user says what they sell ("我们做玻璃瓶的，找西班牙的橄榄油品牌商", "we sell yarn, find
 * textile mills in Bangladesh") or what the companies buy ("garment factories that buy polyester
 * fabric"), goods named only to say which companies ("橄榄油品牌商", "家具厂", "textile mills": a
 * product right before a word for the companies) give way to those.
 */
function usersOwn(spans: ProductSpanChosen[], chosen: Span[], sells: Range[]): ProductSpanChosen[] {
  const own = spans.filter((span) => within(span, sells));
  if (own.length === 0) return spans;
  // A kind of company after goods says which companies (纺织厂, 橱柜经销商, textile mills); a word that
  // only says buyers ("towel buyers", 毛巾买家) asks for those goods.
  const namesCompanies = (span: ProductSpanChosen) =>
    chosen.some(
      (c) =>
        c.type === 'company' && c.kind !== undefined && (c.start === span.end || c.start === span.end + 1),
    );
  const namesBuyers = (span: ProductSpanChosen) =>
    chosen.some(
      (c) =>
        c.type === 'company' && c.kind === undefined && (c.start === span.end || c.start === span.end + 1),
    );
  // Goods asked of buyers outright ("We're a textile mill. Find towel buyers") are the search's.
  if (spans.some((span) => !within(span, sells) && namesBuyers(span)))
    return spans.filter((span) => !within(span, sells));
  return spans.filter((span) => within(span, sells) || !namesCompanies(span));
}

/** The sizes a one-sided bound leaves out: at least 1,000 → at most 999; at most 19 → at least 20. */
function oppositeSize(bounds: NonNullable<Conditions['employees']>): Conditions['employees'] | undefined {
  if (bounds.min !== undefined && bounds.max === undefined && bounds.min > 1) return { max: bounds.min - 1 };
  if (bounds.max !== undefined && bounds.min === undefined) return { min: bounds.max + 1 };
  return undefined;
}

/**
 * A capitalized English word inside a sentence read as a product only through a correction is a
 * name ("Walmart" is no wall art, "Land Rover" no rowers). An HS code ("find HS 6907 buyers") is none.
 */
function properNoun(text: string, lower: string, span: { start: number; written?: string }): boolean {
  if (
    !span.written ||
    span.start === 0 ||
    [...span.written].some((char) => char >= '0' && char <= '9') ||
    latinWords(lower.slice(span.start, span.start + 1)).length === 0
  )
    return false;
  if (CLAUSE_MARKS.includes(text.slice(0, span.start).trimEnd().at(-1) ?? '.')) return false;
  return text[span.start] !== lower[span.start];
}

/** Every reader's spans of the tidied sentence, overlaps resolved: what each part of it was read as. */
function annotate(text: string, lower: string, tokens: Token[]): Span[] {
  const first = resolve([
    ...placeSpans(text).map((span): Span => ({ type: 'place', ...span })),
    ...productSpans(text)
      .filter((span) => !properNoun(text, lower, span))
      .map((span): Span => ({ type: 'product', ...span })),
    ...conditionSpans(lower).map((span): Span => ({ type: 'condition', ...span })),
    ...companySpans(lower, tokens),
  ]);
  const corrected = correctedPlaces(text, lower, first);
  // A product or place name inside a place read through its sound gives way to it (俄螺丝: Russia,
  // not screws; 印度尼西压: Indonesia, not India).
  const kept = first.filter(
    (span) =>
      (span.type !== 'product' && span.type !== 'place') ||
      !corrected.some((c) => c.start <= span.start && c.end >= span.end),
  );
  const withCorrected = resolve(corrected, kept);
  const places = resolve(abbreviatedPlaces(text, withCorrected), withCorrected);
  const goods = correctedProducts(text, places, tokens);
  return resolve(
    goods,
    places.filter(
      (span) => span.type !== 'product' || !goods.some((c) => c.start <= span.start && c.end >= span.end),
    ),
  );
}

/**
 * Products written with the wrong characters of the same sound (磁砖, 罗丝, 不秀钢, 窗连), in what no
 * other reader took (a shorter product inside gives way: 床电 holds 床) and not across a word. Two to six characters, with
 * half of them at most written differently.
 */
function correctedProducts(text: string, chosen: Span[], tokens: Token[]): Span[] {
  const found: Span[] = [];
  const untaken = (start: number, end: number) =>
    !chosen.some(
      (c) => start < c.end && c.start < end && (c.type !== 'product' || c.start < start || c.end > end),
    );
  // Nor across a word jieba cut (批发|市场 holds no 发市).
  const free = (start: number, end: number) =>
    untaken(start, end) &&
    !tokens.some(
      (t) => t.end - t.start > 1 && ((t.start < start && start < t.end) || (t.start < end && end < t.end)),
    );
  for (let start = 0; start < text.length; start++) {
    if (!hasCjk(text[start]!) || !untaken(start, start + 1)) continue;
    for (let end = Math.min(text.length, start + 6); end >= start + 2; end--) {
      const piece = text.slice(start, end);
      if (![...piece].every((char) => hasCjk(char) && !PARTICLES.includes(char)) || !free(start, end))
        continue;
      const known = soundsOf(piece)
        .map((sound) => productBySound(sound))
        .find((hit) => hit && hit.name.length === piece.length);
      if (!known || known.name === piece) continue;
      const differing = [...piece].filter((char, i) => char !== known.name[i]).length;
      if (differing > piece.length / 2) continue;
      found.push({ type: 'product', start, end, product: known.product, written: piece });
      start = end - 1;
      break;
    }
  }
  return found;
}

/** What each part of a sentence was read as (for docs/search.md and for finding a misreading). */
export function readingOf(sentence: string): { text: string; type: Span['type']; value: string }[] {
  const text = readable(sentence);
  const lower = lowerSameLength(text);
  return annotate(text, lower, segment(text)).map((span) => ({
    text: text.slice(span.start, span.end),
    type: span.type,
    value:
      span.type === 'place'
        ? `${span.hit.kind === 'country' ? span.hit.iso2 : span.hit.id} (${span.via})`
        : span.type === 'product'
          ? span.product.id
          : span.type === 'company'
            ? `${span.kind ?? ''}${span.kind && span.role ? ' ' : ''}${span.role ?? ''}`
            : JSON.stringify({ ...span, type: undefined, start: undefined, end: undefined }),
  }));
}

// ---------------------------------------------------------------------------------------------
// The pass

/**
 * Understands one sentence in Chinese or English: buyer or supplier, every country and region,
 * the products (most specific first, misspellings corrected) and the conditions (phone, email,
 * company size and kind), what it leaves out, and what was left unread.
 * @example understand('阿联酋和沙特的LED灯具经销商，要有电话')
 * // { role: 'buyer', countries: ['AE', 'SA'], products: [LED lights], conditions: { phone: true, companyType: 'distributor' } }
 */
export function understand(sentence: string): Understood {
  return read(sentence).understood;
}

/**
 * The places a sentence (or an import's country cell) names, as the search reads them: countries
 * (regions spread into theirs), regions, the misspelt names read as countries, and the rest of the
 * text once the places are taken out.
 * @example findPlaces('阿联酋和沙特的LED灯具经销商').countries // ['AE', 'SA']
 */
export function findPlaces(sentence: string): {
  countries: string[];
  regions: string[];
  corrected: { written: string; iso2: string }[];
  rest: string;
} {
  const { understood, text, chosen } = read(sentence);
  let rest = '';
  let from = 0;
  for (const span of chosen.filter((s) => s.type === 'place')) {
    rest += `${text.slice(from, span.start)} `;
    from = span.end;
  }
  rest += text.slice(from);
  return {
    countries: understood.countries,
    regions: understood.regions,
    corrected: understood.corrected
      .filter((c) => c.kind === 'country')
      .map((c) => ({ written: c.written, iso2: c.id })),
    rest: collapseSpaces(rest).trim(),
  };
}

function read(sentence: string): { understood: Understood; text: string; chosen: Span[] } {
  const text = readable(sentence);
  const lower = lowerSameLength(text);
  const language: 'zh' | 'en' = hasCjk(text) ? 'zh' : 'en';
  const tokens = segment(text);

  const chosen = annotate(text, lower, tokens);

  // The cues: what is left out, the user's context, partners.
  const negation = negationScopes(lower, chosen);
  const { context, sells } = contextRanges(lower);
  const partners = partnerRanges(lower);
  const asked = (span: Span) => !within(span, negation.scopes) && !within(span, context);

  // Places: named, or a code that is also a word where the sentence makes it one.
  const places = chosen.filter((s): s is Extract<Span, { type: 'place' }> => s.type === 'place');
  const named = places.filter((p) => p.via !== 'word-code');
  const placeAt = (at: number) => named.some((p) => p.start === at);
  const keptPlaces = places.filter((place) => {
    if (place.via !== 'word-code') return true;
    if (named.length === 0) return true;
    const before = text.slice(0, place.start);
    const after = text.slice(place.end);
    const lowerAfter = lower.slice(place.end);
    const lowerBefore = lower.slice(0, place.start);
    const joinedAfter = LIST_JOINERS.startOf(lowerAfter);
    const joinedBefore = LIST_JOINERS.endOf(lowerBefore);
    const listedAfter = joinedAfter && joinedAfter.end + (lowerAfter[joinedAfter.end] === ' ' ? 1 : 0);
    const listedBefore =
      joinedBefore &&
      lowerBefore.length - joinedBefore.start + (lowerBefore[joinedBefore.start - 1] === ' ' ? 1 : 0);
    return (
      // In a Chinese sentence a code is no English word ("想找US和Mexico的").
      hasCjk(before.at(-1) ?? '') ||
      hasCjk(after[0] ?? '') ||
      (before.endsWith(' ') && CODE_BEFORE.endOf(lowerBefore) !== null) ||
      (place.hit.kind === 'country' &&
        place.hit.iso2 === 'US' &&
        (COMPANY_NOUN_AFTER.startOf(lowerAfter) !== null ||
          chosen.some(
            (c) => c.type === 'company' && c.start === place.end + (after.startsWith(' ') ? 1 : 0),
          ))) ||
      (listedAfter !== null && placeAt(place.end + listedAfter)) ||
      (listedBefore !== null && named.some((p) => p.end === place.start - listedBefore))
    );
  });
  // Places before a word that puts others in their place ("俄罗斯付款太麻烦了，换成哈萨克斯坦").
  const replaced = replacedRanges(lower, keptPlaces);
  const placeLeftOut = (place: Span) => within(place, negation.scopes) || within(place, replaced);
  const askedPlaces = keptPlaces.filter((place) => asked(place) && !within(place, replaced));
  const negatedCountries = new Set(
    keptPlaces.flatMap((place) =>
      place.hit.kind === 'country' && within(place, negation.scopes) ? [place.hit.iso2] : [],
    ),
  );
  // A region narrowed by its own countries named besides ("想开发中东市场，先找杜拜的", "Africa: South
  // Africa and Nigeria") is those countries; not by one the sentence also leaves out ("南美…巴西不要，
  // 巴西税太高").
  const positivePlaces = askedPlaces.filter(
    (place) =>
      place.hit.kind !== 'region' ||
      !askedPlaces.some(
        (other) =>
          other.hit.kind === 'country' &&
          !negatedCountries.has(other.hit.iso2) &&
          REGION_BY_ID.get((place.hit as { id: string }).id)!.members.includes(other.hit.iso2),
      ),
  );
  const origins = new Set(originIndexes(text, positivePlaces));
  const countries: string[] = [];
  const regions: string[] = [];
  for (const [i, place] of positivePlaces.entries()) {
    if (origins.has(i) && origins.size < positivePlaces.length) continue;
    const hit = place.hit;
    if (hit.kind === 'region') {
      if (!regions.includes(hit.id)) regions.push(hit.id);
      for (const member of REGION_BY_ID.get(hit.id)!.members)
        if (!countries.includes(member)) countries.push(member);
    } else if (!countries.includes(hit.iso2)) countries.push(hit.iso2);
  }

  // Products: those asked (not a material, vehicle or use of another), in order.
  const productSpansChosen = chosen.filter(
    (s): s is Extract<Span, { type: 'product' }> => s.type === 'product',
  );
  // The goods the user sells, or says the companies buy: they win over goods that only say which companies.
  const own = [...sells, ...askedGoodsRanges(lower)];
  let positiveProducts = askedProducts(
    productSpansChosen.filter((s) => !within(s, negation.scopes)),
    text,
  );
  positiveProducts = heads(text, positiveProducts);
  positiveProducts = withoutBrands(lower, positiveProducts);
  positiveProducts = withoutDescriptors(lower, positiveProducts, own);
  positiveProducts = narrowedByCode(positiveProducts);
  positiveProducts = usersOwn(positiveProducts, chosen, own);
  positiveProducts = narrowest(positiveProducts);
  const products: Product[] = [];
  for (const span of positiveProducts) if (!products.includes(span.product)) products.push(span.product);
  // Products read from an HS code ("HS 940511"): the search goes by the code.
  const codes = codesOf(
    positiveProducts.flatMap((span) => (span.written && /\d{4}/.test(span.written) ? [span.written] : [])),
    products.slice(0, 5),
  );
  const fitting =
    products.length === 0
      ? fittingGoods(lower, (hit) => !within(hit, negation.scopes) && !within(hit, context))
      : null;
  if (fitting) products.push(fitting.product);

  // Conditions asked for: the first size given in figures (else in words), every contact.
  const conditions: Conditions = {};
  const sizes = chosen.filter((s) => s.type === 'condition' && s.employees && asked(s));
  const size = sizes.find((s) => s.type === 'condition' && !s.inWords) ?? sizes[0];
  if (size?.type === 'condition' && size.employees) conditions.employees = size.employees;
  // A size in figures that is not wanted, with no size asked: the other side of it ("千人以上的不要": fewer
  // than 1,000; "no companies under 20 staff": 20 and more).
  const unwantedSize = chosen.find(
    (s): s is Extract<Span, { type: 'condition' }> =>
      s.type === 'condition' && Boolean(s.employees) && !s.inWords && within(s, negation.scopes),
  );
  const other = unwantedSize?.employees && oppositeSize(unwantedSize.employees);
  if (!conditions.employees && other) conditions.employees = other;
  for (const span of chosen) {
    if (span.type !== 'condition' || !asked(span)) continue;
    if (span.phone) conditions.phone = true;
    if (span.email) conditions.email = true;
  }

  // Words for the companies: the first kind asked; the role the later of buyer and supplier words says.
  const company = chosen.filter((s): s is Extract<Span, { type: 'company' }> => s.type === 'company');
  const roleWords = company.filter((span) => {
    if (!asked(span)) return false;
    // A role said by the relative itself ("factories that buy …") is the companies' own.
    const partner = partners.find(([from, to]) => span.start > from && span.end <= to);
    return !partner || !company.some((other) => other.end <= partner[0] && asked(other));
  });
  const kinds = [...new Set(roleWords.filter((span) => span.kind).map((span) => span.kind!))];
  if (kinds[0]) conditions.companyType = kinds[0];
  // Several kinds asked ("进口商或批发商", "distributors and retailers"): the search takes any of them.
  if (kinds.length > 1) conditions.companyTypes = kinds;
  // "only importers", "只要进口商": the kinds filter instead of ranking (kinds.ts).
  if (roleWords.some((span) => span.kind && kindInsisted(lower, span.start, span.end)))
    conditions.companyTypeOnly = true;
  // Words that only say the role ("买家", "suppliers") say it over kinds of company ("冷冻鲔鱼买家，罐头
  // 工厂为主": canneries that buy).
  const plainRole = roleWords.some((span) => !span.kind);
  const firstOf = (role: 'buyer' | 'supplier') =>
    roleWords.find((span) => span.role === role && (!plainRole || !span.kind))?.start ?? -1;
  const supplierAt = firstOf('supplier');
  const buyerAt = firstOf('buyer');
  let role: 'buyer' | 'supplier' =
    supplierAt >= 0 && (buyerAt < 0 || supplierAt >= buyerAt) ? 'supplier' : 'buyer';
  if (!plainRole && conditions.companyType)
    role = conditions.companyType === 'manufacturer' ? 'supplier' : 'buyer';
  // Factories asked for by a user who says what they sell buy it ("我们卖拉链，找越南的服装厂"); so do
  // factories said to buy the goods ("找买拉链的服装厂", "服装厂买拉链的"), not the user ("我买拉链").
  const supplierWord = roleWords.some((span) => span.role === 'supplier' && !span.kind);
  const boughtByOthers = (span: { start: number }) => {
    const before = text.slice(0, span.start);
    return before.endsWith('买') && !before.endsWith('我买') && !before.endsWith('我们买');
  };
  if (
    role === 'supplier' &&
    !supplierWord &&
    kinds.every((kind) => kind === 'manufacturer') &&
    productSpansChosen.some((span) => within(span, sells) || boughtByOthers(span))
  )
    role = 'buyer';

  // Goods a Chinese sentence names by their origin, sourced with no market named ("采购越南腰果仁，帮我找
  // 出口商", "我要采购土耳其地毯，找当地工厂"): the suppliers are sought where the goods come from.
  if (role === 'supplier' && countries.length === 0)
    for (const span of positiveProducts) {
      if (!hasCjk(text[span.start]!)) continue;
      const origin = placeSpans(text.slice(span.start, span.end)).find(
        (place) => place.start === 0 && place.hit.kind === 'country',
      );
      if (origin?.hit.kind === 'country' && !countries.includes(origin.hit.iso2))
        countries.push(origin.hit.iso2);
    }

  // What the sentence leaves out.
  const excluded: Excluded = { countries: [], products: [], conditions: [], kinds: [] };
  const inNegation = (span: { start: number; end: number }) => within(span, negation.scopes);
  for (const place of keptPlaces.filter(placeLeftOut)) {
    const hit = place.hit;
    const codes = hit.kind === 'region' ? REGION_BY_ID.get(hit.id)!.members : [hit.iso2];
    for (const code of codes) if (!excluded.countries.includes(code)) excluded.countries.push(code);
  }
  for (const span of askedProducts(productSpansChosen.filter(inNegation), text))
    if (!excluded.products.includes(span.product.id)) excluded.products.push(span.product.id);
  for (const span of chosen.filter((s) => s.type === 'condition' && inNegation(s))) {
    if (span.type !== 'condition') continue;
    if (span.phone) excluded.conditions.push('phone');
    if (span.email) excluded.conditions.push('email');
    if (span.employees && !(other && conditions.employees === other)) excluded.conditions.push('employees');
  }
  for (const named of namedConditionSpans(lower).filter(inNegation))
    if (!chosen.some((c) => c.start <= named.start && c.end >= named.end && c.type !== 'condition'))
      excluded.conditions.push(named.key);
  excluded.conditions = [...new Set(excluded.conditions)];
  for (const span of company.filter((s) => s.kind && inNegation(s)))
    excluded.kinds.push({ type: span.kind!, word: span.word });
  const leftOut = Object.values(excluded).some((list: unknown[]) => list.length > 0) ? excluded : undefined;

  // What no reader took: told to the user.
  const taken: Range[] = [
    ...chosen.map((s) => [s.start, s.end] as Range),
    ...(fitting ? [fitting.range] : []),
    ...negation.words,
    ...negation.scopes,
    ...context.filter(
      ([from, to]) => !chosen.some((s) => s.type === 'product' && s.start >= from && s.end <= to),
    ),
  ];
  const unknown = unread(lower, taken, language);
  for (const word of kindWordsNotApplied(leftOut, conditions.companyType))
    if (!unknown.includes(word)) unknown.push(word);

  const corrected: Understood['corrected'] = [];
  for (const span of chosen) {
    if (!('written' in span) || !span.written || !asked(span)) continue;
    if (
      span.type === 'place' &&
      span.hit.kind === 'country' &&
      !corrected.some((c) => c.written === span.written)
    )
      corrected.push({ written: span.written, kind: 'country', id: span.hit.iso2 });
    if (span.type === 'product' && !corrected.some((c) => c.written === span.written))
      corrected.push({ written: span.written, kind: 'product', id: span.product.id });
  }

  const understood = withoutExcluded(
    {
      role,
      roleStated: roleWords.length > 0,
      countries,
      regions,
      products: products.slice(0, 5),
      ...(codes.length ? { codes } : {}),
      conditions,
      corrected,
      unknown: unknown.slice(0, 6),
      more: asksForMoreOnly(lower),
      language,
    },
    leftOut,
  );
  return { understood, text, chosen };
}
