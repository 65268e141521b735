import { readFileSync } from 'node:fs';
import { distance } from 'fastest-levenshtein';
import { PLACES, PLACES_LEXICON, swapDistance } from './places.ts';
import { hsDigits } from '../leads/enrich.ts';
import { CATEGORIES } from '../leads/reference.ts';
import { hasChinese, simplified } from './script.ts';
import { collapseSpaces } from '../platform/text.ts';
import { boundedCache } from '../platform/cache.ts';

/**
 * The products a foreign-trade salesperson asks for, after the Harmonized System (HS 2022), with
 * their Chinese and English trade names. A sentence ("帮我找德国的LED面板买家", "hydraulic pump
 * importers in Turkey") is read for the products it names, the most specific name first
 * ("hydraulic gear pumps" is not "pumps"), several at once, with English misspellings
 * ("treadmil", "solar pannel"). Each product says which demo categories carry it, and its broader
 * product, so "pumps" finds every pump while "hydraulic pump" finds only hydraulic ones.
 */

/** A product of server/search/lexicon/products.json. */
export interface Product {
  id: string;
  /** HS 2022 subheading, "dddd.dd". */
  hs: string;
  en: string;
  zh: string;
  synonyms_en: string[];
  synonyms_zh: string[];
  /** The id of the more general product, or null at the top. */
  broader: string | null;
  /** Slugs of the demo categories (server/leads/data/categories.json) that carry this product. */
  categories: string[];
}

/** A misspelt English word read as a product: what was written, and the product it became. */
export interface Correction {
  written: string;
  id: string;
}

export interface FoundProducts {
  /** The products named, in the order of the sentence, each once. */
  products: Product[];
  /** English misspellings that were read as products. */
  corrected: Correction[];
  /** The sentence without the product names. */
  rest: string;
}

export const PRODUCTS: readonly Product[] = JSON.parse(
  readFileSync(new URL('./lexicon/products.json', import.meta.url), 'utf8'),
) as Product[];

export const PRODUCT_BY_ID: ReadonlyMap<string, Product> = new Map(
  PRODUCTS.map((product) => [product.id, product]),
);

/** The more general products above one, nearest first. */
export function broaderProducts(product: Product): Product[] {
  const chain: Product[] = [];
  let next = product.broader ? PRODUCT_BY_ID.get(product.broader) : undefined;
  while (next && !chain.includes(next)) {
    chain.push(next);
    next = next.broader ? PRODUCT_BY_ID.get(next.broader) : undefined;
  }
  return chain;
}

const NARROWER = new Map<string, Product[]>();
for (const product of PRODUCTS)
  for (const above of [product, ...broaderProducts(product)]) {
    const list = NARROWER.get(above.id) ?? [];
    list.push(product);
    NARROWER.set(above.id, list);
  }

/** The product itself and every product under it. */
export function narrowerProducts(product: Product): Product[] {
  return NARROWER.get(product.id) ?? [product];
}

/**
 * What a demo category deals in, as catalogue products: the product of the same id
 * ("led-panel-lights") and each product filed under it that one of the category's own names names
 * ("eyewear" is also called "sunglasses", "laptops-tablets" "tablet pc"). A company of the category
 * deals in these and in nothing else it does not trade: a beverage wholesaler is not known to sell
 * coffee, nor a car-accessories one phone holders because both file them.
 */
const CATEGORY_PRODUCTS = new Map<string, Product[]>();
{
  const names = (item: { en: string; zh: string; synonyms_en: string[]; synonyms_zh: string[] }) =>
    [item.en, item.zh, ...item.synonyms_en, ...item.synonyms_zh].map((name) =>
      name.normalize('NFKC').toLowerCase(),
    );
  for (const category of CATEGORIES) {
    const own = new Set(names(category));
    CATEGORY_PRODUCTS.set(
      category.slug,
      PRODUCTS.filter(
        (product) =>
          product.id === category.slug ||
          (product.categories.includes(category.slug) && names(product).some((name) => own.has(name))),
      ),
    );
  }
}

/** The catalogue products a demo category deals in (none for a slug that is no category). */
export function categoryProducts(slug: string): readonly Product[] {
  return CATEGORY_PRODUCTS.get(slug) ?? [];
}

/**
 * Whether a company of a demo category deals in the asked product: the category is the product or
 * a narrower one. A category that only files a narrower product beside its own ("car accessories"
 * files phone holders) does not: "phone accessories" never finds car-parts wholesalers.
 */
export function matchesProduct(asked: Product, categorySlug: string): boolean {
  const within = narrowerProducts(asked);
  return categoryProducts(categorySlug).some((product) => within.includes(product));
}

/** The demo categories whose companies deal in a product or a narrower one under it. */
export function categoriesOf(product: Product): string[] {
  return [...CATEGORY_PRODUCTS.keys()].filter((slug) => matchesProduct(product, slug));
}

/**
 * When no category deals in a product ("coffee", "lithium battery cells"), the categories of its
 * nearest broader product that has any ("beverages", "batteries"): offered as a broader set, never
 * as a match. None for a product that has categories of its own or no broader one with any.
 */
export function broaderCategoriesOf(product: Product): { product: Product; categories: string[] } | null {
  if (categoriesOf(product).length) return null;
  for (const above of broaderProducts(product)) {
    const categories = [...CATEGORY_PRODUCTS].filter(([, own]) => own.includes(above)).map(([slug]) => slug);
    if (categories.length) return { product: above, categories };
  }
  return null;
}

/** How deep a product sits (0 at the top): the deeper, the more specific. */
const depth = (product: Product) => broaderProducts(product).length;

// ---------------------------------------------------------------------------------------------
// English words: British spellings and plurals fold onto one form, on both sides.

const SPELLING: Record<string, string> = {
  tyre: 'tire',
  adaptor: 'adapter',
  adaptors: 'adapters',
  tyres: 'tires',
  aluminium: 'aluminum',
  colour: 'color',
  colours: 'colors',
  coloured: 'colored',
  mould: 'mold',
  moulds: 'molds',
  moulding: 'molding',
  moulded: 'molded',
  jewellery: 'jewelry',
  jewelery: 'jewelry',
  fibre: 'fiber',
  fibres: 'fibers',
  grey: 'gray',
  organiser: 'organizer',
  organisers: 'organizers',
  fertiliser: 'fertilizer',
  fertilisers: 'fertilizers',
  labelling: 'labeling',
  moisturiser: 'moisturizer',
  sanitiser: 'sanitizer',
  sanitisers: 'sanitizers',
  pyjamas: 'pajamas',
  catalogue: 'catalog',
  catalogues: 'catalogs',
  armoured: 'armored',
  nebuliser: 'nebulizer',
  vaporiser: 'vaporizer',
  favours: 'favors',
  centre: 'center',
  centres: 'centers',
  metre: 'meter',
  litre: 'liter',
  plough: 'plow',
  ploughs: 'plows',
  storey: 'story',
};

/** Plurals that are not plurals of another product word. */
const KEEP_PLURAL = new Set(
  'glasses sunglasses eyeglasses jeans pants trousers shorts leggings tights pliers scissors goggles clothes series news means species billiards darts goods spirits overalls briefs boxers'.split(
    ' ',
  ),
);

const IRREGULAR: Record<string, string> = {
  knives: 'knife',
  shelves: 'shelf',
  leaves: 'leaf',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
  men: 'man',
  women: 'woman',
  children: 'child',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
};

/** Splits text into lower-case word tokens with their places ("women's" → "womens"). */
function tokenize(text: string): { word: string; start: number; end: number }[] {
  const tokens: { word: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(/[a-z0-9]+(?:['’][a-z]+)?/g)) {
    const raw = match[0].replace(/['’]/g, '');
    tokens.push({ word: SPELLING[raw] ?? raw, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** Every word that appears in an English product name, as written there. */
const VOCABULARY = new Set<string>();

/** One form for singular and plural ("batteries" and "battery" → "battery"). */
function fold(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (KEEP_PLURAL.has(word) || word.length <= 3 || !word.endsWith('s') || /(?:ss|us|is)$/.test(word))
    return word;
  const candidates = [word.slice(0, -1)];
  if (word.endsWith('es')) candidates.push(word.slice(0, -2));
  if (word.endsWith('ies')) candidates.push(`${word.slice(0, -3)}y`);
  for (const candidate of candidates) if (VOCABULARY.has(candidate)) return candidate;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * English text as product names are compared: lower case, words only, British spellings and
 * plurals folded ("TRUCK TIRES" and "truck tyre" are both "truck tire").
 */
export const foldedWords = (text: string): string =>
  tokenize(normalize(text))
    .map((token) => fold(token.word))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// Words that name who is wanted, not what: they are read as such and never become products.

const ROLE_PHRASES_EN = [
  'buyer',
  'buyers',
  'importer',
  'importers',
  'import',
  'imports',
  'importing',
  'exporter',
  'exporters',
  'export',
  'exports',
  'distributor',
  'distributors',
  'distribution company',
  'wholesaler',
  'wholesalers',
  'wholesale',
  'retailer',
  'retailers',
  'retail',
  'retail chain',
  'retail chains',
  'supermarket',
  'supermarkets',
  'supermarket chain',
  'supermarket chains',
  'hotel chains',
  'restaurant chains',
  'chain stores',
  'supplier',
  'suppliers',
  'manufacturer',
  'manufacturers',
  'maker',
  'makers',
  'producer',
  'producers',
  'factory',
  'factories',
  'vendor',
  'vendors',
  'dealer',
  'dealers',
  'agent',
  'agents',
  'trader',
  'traders',
  'trading company',
  'trading companies',
  'company',
  'companies',
  'brand',
  'brands',
  'brand owner',
  'brand owners',
  'contractor',
  'contractors',
  'installer',
  'installers',
  'purchaser',
  'purchasers',
  'procurement',
  'sourcing',
  'reseller',
  'resellers',
  'store',
  'stores',
  'shop',
  'shops',
  'online shop',
  'online store',
  'customer',
  'customers',
  'client',
  'clients',
  'oem',
  'odm',
  'phone number',
  'phone numbers',
  'email',
  'emails',
  'contact',
  'contacts',
  'website',
  'employees',
  'staff',
  'supply chain',
  'supply chains',
  'cold chain',
  'light industry',
  'heavy industry',
  'gold supplier',
  'gold suppliers',
  'gold member',
  'price list',
  'free samples',
  'private label',
  'private labels',
  'white label',
  'retail outlets',
  'trade fair',
  'trade fairs',
  'trade show',
  'trade shows',
  'canton fair',
];

const ROLE_PHRASES_ZH = [
  ...'买家 买方 采购商 采购 进口商 进口 出口商 出口 经销商 分销商 代理商 代理 批发商 批发 零售商 零售 供应商 供货商 制造商 生产商 生产厂家 厂家 工厂 厂商 贸易商 贸易公司 外贸公司 公司 企业 品牌商 品牌方 客户 客商 商家 卖家 渠道商 服务商 承包商 安装商 超市 连锁超市 连锁店 门店 手机号 手机号码 电话 邮箱 联系方式 网站 员工'.split(
    ' ',
  ),
];

/** Everyday English that is never read as a misspelt product ("looking" is not "locking"). */
const COMMON_WORDS = new Set(
  `about above after again against along already also although always among another anyone anything anywhere around asked asking because become before being below between beyond bigger biggest brand brands business buying called cheap cheaper cheapest china chinese city clean clear close coming companies company contact contacts countries country could cities customer customers daily deals dealer dealers details different direct directly during each eastern either email emails english europe european every everyone except export exporter exporters exports factory find finding first focus following found friends from further getting given global going great green group groups having hello helps here high higher highest himself import imported importer importers importing imports include including india industries industry information inside instead interested international large larger largest later latest leads least light lighter list local location locations looking lower major making manufacturer manufacturers market markets maybe medium might minimum month months more most much national nearby needed needs never newer northern number numbers offer offers office often online only order orders other others outside over owner owners place places plant please point popular price prices private product production products profile provide public purchase purchasing quality quick quickly quote rather ready really recent region regions related reliable retail retailer retailers right sales search searching second sector sell seller sellers selling send service services several should show similar since small smaller smallest some someone something source sources sourcing southern specific start still store stores strong supplier suppliers supply support sure system take target than thank thanks that their them then there these they thing things think third this those three through today together total trade trader traders trading under until urgent using very want wanted wants well western what where which while whole wholesale wholesaler wholesalers will with within without world would year years young your
  partners partner agency agencies prospects founders directors executives boutiques marketplace merchants
  labels customized designs samples quotation quotes pricing discount premium luxury certified certificate
  approval tender tenders projects government hospitals hotels restaurants schools universities farmers
  growers fishermen processors packers forwarders customs clearance loads volumes tonnage monthly yearly
  annual revenue turnover workers sized startups established verified active popular famous leading
  biggest nearest regional overseas abroad foreign domestic coastal inland urban rural capital province
  state county district village street address whatsapp wechat linkedin facebook instagram catalog
  brochure introduction details directory database canton booth visitors attendees inspection audit
  compliance standards regulations halal organic kosher vegan sustainable recycled friendly renewable
  durable lightweight portable compact automatic manual modern classic vintage traditional handmade
  natural synthetic artificial genuine original replica branded generic various assorted compatible
  replacement range models types kinds categories sizes styles patterns shapes plenty shipping across
  worldwide exclusive authorized official partnership cooperation collaboration negotiation contract
  payment terms letter credit deposit balance delivery capacity quantity`.split(/\s+/),
);

/**
 * English words within a misspelling of a product word ("partners" is two edits from "pruners",
 * "costs" one from "coats"): every word of five letters or more seen at least three times in the
 * English documentation shipped in node_modules that is that near a word of products.json
 * (rebuilt by scripts/english-words.ts).
 */
const ENGLISH_WORDS = new Set(
  JSON.parse(readFileSync(new URL('./lexicon/english-words.json', import.meta.url), 'utf8')) as string[],
);
/** Words of place names ("Chile" is not a misspelt "chili"): places are read elsewhere. */
const PLACE_WORDS = new Set(
  [
    ...PLACES.map((place) => place.en),
    ...PLACES_LEXICON.countries.flatMap((country) => [...country.adjectives_en, ...country.cities_en]),
  ].flatMap((name) => name.toLowerCase().match(/[a-z]+/g) ?? []),
);
const isEnglish = (word: string) =>
  PLACE_WORDS.has(word) ||
  COMMON_WORDS.has(word) ||
  ENGLISH_WORDS.has(word) ||
  COMMON_WORDS.has(fold(word)) ||
  ENGLISH_WORDS.has(fold(word));

/** Whether a word is everyday English (or a place's), never a misspelt product or a pinyin place. */
export const isEnglishWord = (word: string) =>
  isEnglish(word) || VOCABULARY.has(word) || VOCABULARY.has(fold(word));

// ---------------------------------------------------------------------------------------------
// The index: English names by their folded words, Chinese names by their characters.

interface Entry {
  /** A product, or null for a role phrase ("importers", "经销商"). */
  product: Product | null;
}

const hasCjk = hasChinese;
const normalize = (text: string) => collapseSpaces(text.normalize('NFKC')).toLowerCase();

const englishNames: { name: string; entry: Entry }[] = [];
const chineseNames: { name: string; entry: Entry }[] = [];

function addName(name: string, entry: Entry) {
  const text = normalize(name).trim();
  if (!text) return;
  if (hasCjk(text)) chineseNames.push({ name: text, entry });
  else englishNames.push({ name: text, entry });
}

const PRODUCT_NAMES = new Set<string>();
for (const product of PRODUCTS)
  for (const name of [product.en, product.zh, ...product.synonyms_en, ...product.synonyms_zh]) {
    addName(name, { product });
    PRODUCT_NAMES.add(normalize(name));
  }
for (const role of [...ROLE_PHRASES_EN, ...ROLE_PHRASES_ZH]) addName(role, { product: null });
// Place names are read elsewhere; they stop a product inside them ("葡萄牙" is not "葡萄").
for (const country of PLACES_LEXICON.countries)
  for (const name of [
    country.en,
    country.zh,
    ...country.adjectives_en,
    ...country.names_zh,
    ...country.cities_en,
    ...country.cities_zh,
  ])
    if (!PRODUCT_NAMES.has(normalize(name))) addName(name, { product: null });

for (const { name } of englishNames) for (const token of tokenize(name)) VOCABULARY.add(token.word);

/** Picks the entry to keep when two products share a name: the more specific one. */
const better = (a: Entry, b: Entry): Entry => {
  if (!a.product) return a;
  if (!b.product) return b;
  return depth(b.product) > depth(a.product) ? b : a;
};

const ENGLISH = new Map<string, Entry>();
let longestEnglish = 1;
for (const { name, entry } of englishNames) {
  const words = tokenize(name).map((token) => fold(token.word));
  if (!words.length) continue;
  const key = words.join(' ');
  const known = ENGLISH.get(key);
  ENGLISH.set(key, known ? better(known, entry) : entry);
  longestEnglish = Math.max(longestEnglish, words.length);
}

const CHINESE = new Map<string, Entry>();
let longestChinese = 1;
for (const { name, entry } of chineseNames) {
  const known = CHINESE.get(name);
  CHINESE.set(name, known ? better(known, entry) : entry);
  longestChinese = Math.max(longestChinese, name.length);
}

/** Groups names by their first letter: a misspelling keeps its first letter. */
const byFirstLetter = <T>(items: [string, T][]) => {
  const buckets = new Map<string, [string, T][]>();
  for (const item of items) buckets.set(item[0][0]!, [...(buckets.get(item[0][0]!) ?? []), item]);
  return buckets;
};
/**
 * Content words a misspelling may be read as: those of product names, not role or common words,
 * and their British spellings ("tyers" is a misspelt "tyres").
 */
const TARGET_WORDS = byFirstLetter(
  [
    ...[...VOCABULARY].filter(
      (word) =>
        word.length >= 4 &&
        /^[a-z]+$/.test(word) &&
        !COMMON_WORDS.has(word) &&
        !ROLE_PHRASES_EN.includes(word),
    ),
    ...Object.keys(SPELLING).filter((word) => VOCABULARY.has(SPELLING[word]!)),
  ].map((word): [string, null] => [word, null]),
);
const ROLE_WORDS = ROLE_PHRASES_EN.filter((phrase) => !phrase.includes(' ') && phrase.length >= 5);
/** English product names of two or three words, for misspellings across words ("sola panel"). */
const FUZZY_NAMES = byFirstLetter(
  [...ENGLISH.entries()].filter(([key, entry]) => entry.product && [2, 3].includes(key.split(' ').length)),
);
const STOP_WORDS = new Set(
  'a an and or the of for in on at to by from with without who which that'.split(' '),
);
const isRole = (word: string) => ROLE_PHRASES_EN.includes(word);

const maxEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/** Edits between two words, a swap of two neighbouring letters counting as one. */
const edits = (a: string, b: string) => Math.min(distance(a, b), swapDistance(a, b));

/** A kind of company written with a slip ("byers", "distributers"): never part of a product. */
const isMisspeltRole = (word: string) =>
  word.length >= 5 && ROLE_WORDS.some((role) => role[0] === word[0] && edits(role, word) <= maxEdits(word));

/** The product word a misspelt word stands for, or null when it is a real word or too far. */
function correctWord(word: string): string | null {
  if (word.length < 5 || !/^[a-z]+$/.test(word) || VOCABULARY.has(word) || VOCABULARY.has(fold(word)))
    return null;
  if (isEnglish(word) || /(?:ing|ed|ly)$/.test(word)) return null;
  // A misspelt kind of company ("distributers") is still a kind of company.
  if (ROLE_WORDS.some((role) => role[0] === word[0] && distance(role, word) <= 2)) return null;
  const limit = maxEdits(word);
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const [target] of TARGET_WORDS.get(word[0]!) ?? []) {
    if (Math.abs(target.length - word.length) > limit) continue;
    const cost = edits(target, word);
    if (cost < bestDistance || (cost === bestDistance && best !== null && target.length > best.length)) {
      best = target;
      bestDistance = cost;
    }
  }
  return bestDistance <= limit && best ? (SPELLING[best] ?? best) : null;
}

interface Candidate {
  start: number;
  end: number;
  entry: Entry;
  /** The misspelt text, when the name was read through a correction. */
  written?: string;
}

const SEPARATOR = /^[\s\-_/]*$/;

function englishCandidates(text: string): Candidate[] {
  const tokens = tokenize(text);
  const words = tokens.map((token) => fold(token.word));
  const fixed = tokens.map((token) => {
    const corrected = correctWord(token.word);
    return corrected ? fold(corrected) : null;
  });
  const candidates: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let length = 1; length <= longestEnglish && i + length <= tokens.length; length++) {
      const last = i + length - 1;
      if (length > 1 && !SEPARATOR.test(text.slice(tokens[last - 1]!.end, tokens[last]!.start))) break;
      const span = words.slice(i, i + length);
      const start = tokens[i]!.start;
      const end = tokens[last]!.end;
      const exact = ENGLISH.get(span.join(' '));
      if (exact) {
        candidates.push({ start, end, entry: exact });
        continue;
      }
      // Read the phrase again with its misspelt words corrected.
      const indexes = span.map((_, k) => i + k).filter((k) => fixed[k]);
      if (!indexes.length) continue;
      const key = span.map((word, k) => fixed[i + k] ?? word).join(' ');
      const corrected = ENGLISH.get(key);
      if (corrected?.product)
        candidates.push({
          start,
          end,
          entry: corrected,
          written: indexes.map((k) => text.slice(tokens[k]!.start, tokens[k]!.end)).join(' '),
        });
    }
  }
  // Names of two or three words misspelt as a whole ("sola panel", "led panle lights"), or a
  // two-word name written as one word ("powerbank").
  for (let i = 0; i < tokens.length; i++) {
    for (let size = 1; size <= 3 && i + size <= tokens.length; size++) {
      const window = tokens.slice(i, i + size);
      const spaced = window.every(
        (token, k) => !k || SEPARATOR.test(text.slice(window[k - 1]!.end, token.start)),
      );
      if (!spaced || window.some((token) => /\d/.test(token.word) || STOP_WORDS.has(token.word))) continue;
      if (window.every((token) => VOCABULARY.has(token.word))) continue;
      if (
        window.some(
          (token) =>
            !VOCABULARY.has(token.word) &&
            (isEnglish(token.word) || isRole(token.word) || isMisspeltRole(token.word)),
        )
      )
        continue;
      const start = window[0]!.start;
      const end = window[size - 1]!.end;
      if (candidates.some((c) => c.start <= start && c.end >= end)) continue;
      const written = window.map((token) => fold(token.word)).join(size === 1 ? '' : ' ');
      if (written.replace(/ /g, '').length < (size === 1 ? 6 : 5)) continue;
      const limit = maxEdits(written.replace(/ /g, ''));
      let best: Entry | null = null;
      let bestDistance = limit + 1;
      for (const [key, entry] of FUZZY_NAMES.get(written[0]!) ?? []) {
        const words = key.split(' ').length;
        if (size === 1 ? words !== 2 : words !== size) continue;
        const target = size === 1 ? key.replace(' ', '') : key;
        if (Math.abs(target.length - written.length) > limit) continue;
        const edits = distance(target, written);
        if (edits < bestDistance) {
          best = entry;
          bestDistance = edits;
        }
      }
      if (best && bestDistance <= limit)
        candidates.push({ start, end, entry: best, written: text.slice(start, end) });
    }
  }
  // Two words of a one-word name ("tooth brush", "hand bags", "ear rings").
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [one, two] = [tokens[i]!, tokens[i + 1]!];
    if (!SEPARATOR.test(text.slice(one.end, two.start)) || /\d/.test(one.word + two.word)) continue;
    // "be an importer" is not "bean": both halves must be words of their own.
    if (
      [one.word, two.word].some(
        (word) => word.length < 3 || STOP_WORDS.has(word) || COMMON_WORDS.has(word) || isRole(word),
      )
    )
      continue;
    const joined = ENGLISH.get(fold(one.word + two.word));
    if (joined?.product && !candidates.some((c) => c.start <= one.start && c.end >= two.end))
      candidates.push({
        start: one.start,
        end: two.end,
        entry: joined,
        written: text.slice(one.start, two.end),
      });
  }
  return candidates;
}

/** English names written with punctuation ("f&b", "coffee, tea and cocoa"), read as written. */
const PUNCTUATED = englishNames.filter(({ name }) => /[,&]/.test(name));

/** The punctuated names of a sentence, on word boundaries. */
function phraseCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const { name, entry } of PUNCTUATED) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const end = at + name.length;
      if (/[a-z0-9]/.test(text[at - 1] ?? '') || /[a-z0-9]/.test(text[end] ?? '')) continue;
      found.push({ start: at, end, entry });
    }
  }
  return found;
}

function chineseCandidates(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  if (!hasCjk(text)) return candidates;
  for (let start = 0; start < text.length; start++)
    for (let end = start + 1; end <= Math.min(text.length, start + longestChinese); end++) {
      const entry = CHINESE.get(text.slice(start, end));
      if (entry) candidates.push({ start, end, entry });
    }
  return candidates;
}

/** Longer names first; at the same length a role phrase, then the more specific product. */
function rank(a: Candidate, b: Candidate): number {
  const length = b.end - b.start - (a.end - a.start);
  if (length) return length;
  if (!a.entry.product !== !b.entry.product) return a.entry.product ? 1 : -1;
  if (!!a.written !== !!b.written) return a.written ? 1 : -1;
  const deeper =
    (b.entry.product ? depth(b.entry.product) : 0) - (a.entry.product ? depth(a.entry.product) : 0);
  return deeper || a.start - b.start;
}

/**
 * HS headings of materials in their primary forms: minerals, chemicals, plastics and rubber,
 * wood, pulp, fibres, iron, steel and base metals.
 */
const MATERIAL_HEADINGS: [number, number][] = [
  [2501, 2530],
  [2801, 2942],
  [3901, 3914],
  [4001, 4005],
  [4401, 4409],
  [4701, 4707],
  [5001, 5003],
  [5101, 5105],
  [5201, 5203],
  [5301, 5305],
  [5501, 5507],
  [7201, 7229],
  [7401, 7410],
  [7501, 7506],
  [7601, 7607],
  [7801, 7804],
  [7901, 7905],
  [8001, 8003],
  [8101, 8113],
];
const isMaterial = (product: Product) => {
  const heading = Number(product.hs.slice(0, 4));
  return MATERIAL_HEADINGS.some(([from, to]) => heading >= from && heading <= to);
};
/** HS headings of vehicles (tractors, cars, trucks, motorcycles, bicycles), not of their parts. */
const VEHICLE_HEADINGS: [number, number][] = [
  [8701, 8707],
  [8709, 8713],
];
const isVehicle = (product: Product) => {
  const heading = Number(product.hs.slice(0, 4));
  return VEHICLE_HEADINGS.some(([from, to]) => heading >= from && heading <= to);
};
/**
 * What may stand between a material and the product made of it: "铝制不粘锅", "stainless-steel sinks"
 * (read with spaces and hyphens left out: `joining`).
 */
const MATERIAL_BEFORE = /^(?:制|质|材质|材料|做)?的?$/;
/** …and after it: "sinks made of stainless steel". */
const MATERIAL_AFTER = /^\s*(?:made\s+(?:of|from)|of)\s*$/;
/** …and between a vehicle and the part or accessory for it: "汽车刹车片", "汽车用脚垫", "car brake pads". */
const VEHICLE_BEFORE = /^用?的?$/;
/** The words between two products, without spaces and hyphens. */
const joining = (text: string) => text.replace(/[\s-]+/g, '');

/**
 * A material named right before or after another product says what that product is made of
 * ("cotton baby clothes", "铝制不粘锅", "sinks made of stainless steel"), and a vehicle named right
 * before one what it is for ("汽车刹车片", "car brake pads"): neither is asked for itself.
 */
function withoutModifiers(chosen: Candidate[], text: string): Candidate[] {
  const products = chosen.filter((c) => c.entry.product);
  return chosen.filter((candidate) => {
    const product = candidate.entry.product;
    if (!product) return true;
    const material = isMaterial(product);
    const vehicle = isVehicle(product);
    if (!material && !vehicle) return true;
    const k = products.indexOf(candidate);
    const next = products[k + 1];
    const previous = products[k - 1];
    const before = next ? text.slice(candidate.end, next.start) : '';
    const after = previous ? text.slice(previous.end, candidate.start) : '';
    const other = (c: Candidate | undefined) =>
      c !== undefined && !isMaterial(c.entry.product!) && !isVehicle(c.entry.product!);
    return !(
      (material && other(next) && MATERIAL_BEFORE.test(joining(before))) ||
      (material && other(previous) && MATERIAL_AFTER.test(after)) ||
      (vehicle && other(next) && VEHICLE_BEFORE.test(joining(before)))
    );
  });
}

/**
 * The parts of a sentence that say what a product is for: "(for UPS and solar storage)", "used in
 * cars", "用于储能的", "（UPS和太阳能储能用的）". English ones start after the first product named.
 */
function useSpans(text: string, firstProductEnd: number): [number, number][] {
  const spans: [number, number][] = [];
  const clause = (from: number) => {
    const end = text.slice(from).search(/[,.;:!?()（），。；：！？、]/);
    return end < 0 ? text.length : from + end;
  };
  for (const m of text.matchAll(/\b(?:used\s+(?:for|in|with|on)|suitable\s+for|for)\b/g)) {
    if (m.index < firstProductEnd) continue;
    if (/\b(?:looking|look|search|searching|ask|asking|also|and|or)\s*$/.test(text.slice(0, m.index)))
      continue;
    spans.push([m.index, clause(m.index)]);
  }
  for (const m of text.matchAll(/(?:用于|适用于|应用于|用在)[^,.;:!?()（），。；：！？的]*/g))
    spans.push([m.index, m.index + m[0].length]);
  // From the start of its clause: "（UPS和太阳能储能用的）". One pass: where each clause starts.
  let clauseStart = 0;
  for (const m of text.matchAll(/[,.;:!?()（），。；：！？、]|用的/g)) {
    if (m[0] === '用的') {
      if (clauseStart <= m.index) spans.push([clauseStart, m.index + 2]);
      clauseStart = m.index + 2;
    } else clauseStart = m.index + 1;
  }
  return spans;
}

/**
 * Leaves out the products a sentence names only as the use of another ("batteries for UPS"), as
 * long as one is left.
 */
function withoutUses(chosen: Candidate[], text: string): Candidate[] {
  const first = chosen.find((c) => c.entry.product);
  if (!first) return chosen;
  const spans = useSpans(text, first.end);
  const inUse = (c: Candidate) => spans.some(([from, to]) => c.start >= from && c.end <= to);
  const kept = chosen.filter((c) => !c.entry.product || !inUse(c));
  return kept.some((c) => c.entry.product) ? kept : chosen;
}

/**
 * HS 2017 and HS 2012 subheadings that HS 2022 no longer has, each with the HS 2022 subheadings
 * its goods went to (the UN Statistics Division's correlation tables, lexicon/hs-correlation.json):
 * a customs file of 2021 that says 9405.40 ("other electric lamps") still finds its product.
 */
const CORRELATION: Readonly<Record<string, string[]>> = (
  JSON.parse(readFileSync(new URL('./lexicon/hs-correlation.json', import.meta.url), 'utf8')) as {
    subheadings: Record<string, string[]>;
  }
).subheadings;

/**
 * The HS 2022 subheadings an older edition's subheading went to, those of its own heading when
 * it has any: a few of its goods going elsewhere (parts of phones to 8549, electronic waste) does
 * not make the rest any of them.
 */
function currentOf(six: string): string[] | undefined {
  const went = CORRELATION[six];
  if (!went) return undefined;
  const same = went.filter((code) => code.startsWith(six.slice(0, 4)));
  return same.length ? same : went;
}

/** The HS 2022 subheadings a code's first six digits stand for: itself, or those an older edition's went to. */
export const currentSubheadings = (code: string): string[] => {
  const six = hsDigits(code).slice(0, 6);
  return currentOf(six) ?? [six];
};

/** The products filed under an HS prefix (a heading or a subheading), remembered per prefix. */
export const productsUnder = (prefix: string): readonly Product[] =>
  FILED(prefix, () => PRODUCTS.filter((product) => hsDigits(product.hs).startsWith(prefix)));
const FILED = boundedCache<Product[]>(10_000);

/** The most specific product that is each of `products` or broader than it; null when none is. */
function commonProduct(products: readonly Product[]): Product | null {
  if (products.length === 0) return null;
  const chains = products.map((product) => [product, ...broaderProducts(product)]);
  return chains[0]!.find((candidate) => chains.every((chain) => chain.includes(candidate))) ?? null;
}

/**
 * The product an HS code stands for, as customs-data sites give it ("9405.42", "940542",
 * "6907"): of the products filed under its subheading (under its heading for four digits, or
 * when no product has the subheading), the one under which most of them sit. A product most of
 * whose narrower products are filed under other headings is a group, not this code (building
 * materials is filed under 6907.21 but holds cement, glass and steel).
 * @example productForHs('9405.42')?.id // 'led-lights'
 */
export function productForHs(code: string): Product | null {
  const digits = hsDigits(code);
  if (digits.length < 4 || digits.length > 10) return null;
  // An older edition's subheading: the product its HS 2022 subheadings all are, if any.
  const current = digits.length >= 6 ? currentOf(digits.slice(0, 6)) : undefined;
  if (current) return commonProduct(current.flatMap((six) => productForHs(six) ?? []));
  const heading = digits.slice(0, 4);
  const subheading = digits.length >= 6 ? productsUnder(digits.slice(0, 6)) : [];
  const filed = subheading.length > 0 ? subheading : productsUnder(heading);
  const items = filed.filter((product) => {
    const narrower = NARROWER.get(product.id) ?? [product];
    return narrower.filter((below) => hsDigits(below.hs).startsWith(heading)).length * 2 >= narrower.length;
  });
  const covered = (product: Product) =>
    (NARROWER.get(product.id) ?? []).filter((narrower) => items.includes(narrower)).length;
  const roots = items.filter((product) => !broaderProducts(product).some((above) => items.includes(above)));
  return roots.sort((a, b) => covered(b) - covered(a))[0] ?? null;
}

/**
 * An HS code in a sentence: after "HS", "HS code", "HTS", 海关编码, HS编码, 商品编码 or 税号 (4 to 10
 * digits, dots or spaces between pairs), or alone in the dotted form customs sites print (9405.42).
 * The label is found first, then its digits are read where it ends: no pattern runs over both.
 */
const HS_LABEL =
  /(?<![a-z])(?:h\.?s\.?|hts)(?: ?(?:code|编码|编号|码))?|海关编码|海关编号|商品编码|税则号|税号/g;
const HS_DIGITS = / ?(?:[:：#] ?)?(\d{4}(?:[. ]?\d{2}){0,3})(?!\d)/y;
const HS_DOTTED = /(?<![\d.])\d{4}\.\d{2}(?:\.\d{2}){0,2}(?![\d.])/g;

/** The HS codes of a sentence read as products; `written` is the code as the sentence gives it. */
function hsCandidates(text: string, source: string): Candidate[] {
  const found: Candidate[] = [];
  const add = (start: number, end: number, code: string) => {
    const product = productForHs(code);
    if (!product) return;
    found.push({
      start,
      end,
      entry: { product },
      // The sentence may reach here in lower case.
      written: source.slice(start, end).replace(/^(?:h\.?s\.?|hts)(?![a-z])/, (hs) => hs.toUpperCase()),
    });
  };
  for (const label of text.matchAll(HS_LABEL)) {
    HS_DIGITS.lastIndex = label.index + label[0].length;
    const digits = HS_DIGITS.exec(text);
    if (digits) add(label.index, digits.index + digits[0].length, digits[1]!);
  }
  for (const code of text.matchAll(HS_DOTTED))
    if (!found.some((taken) => code.index >= taken.start && code.index < taken.end))
      add(code.index, code.index + code[0].length, code[0]);
  return found;
}

/** 卖 ("sell") before a product that starts with 家: "卖家具的" sells furniture, it is not a 卖家 (seller). */
const SELL_HOME_GOODS = /卖(?=家(?:具|电|居|纺|私|用|饰))/g;

/** The sentence with 卖 set apart from the home goods it sells (SELL_HOME_GOODS). */
export const sellApart = (sentence: string) => sentence.replace(SELL_HOME_GOODS, '卖 ');

/** A product named in a sentence: where (`start`, `end`), and how it was written when corrected. */
export interface ProductSpan {
  start: number;
  end: number;
  product: Product;
  /** The misspelt or coded text, when the name was read through a correction or an HS code. */
  written?: string;
}

/**
 * Every product name of a sentence (simplified script, spaces collapsed, as the search reads it)
 * with where it is written, misspelt English names and HS codes too; overlapping names are all
 * given (the reader keeps the longest).
 */
export function productSpans(sentence: string): ProductSpan[] {
  const text = normalize(sentence);
  const source = text.length === sentence.length ? sentence : text;
  return [
    ...hsCandidates(text, source),
    ...englishCandidates(text),
    ...chineseCandidates(text),
    ...phraseCandidates(text),
  ].flatMap((candidate) =>
    candidate.entry.product
      ? [
          {
            start: candidate.start,
            end: candidate.end,
            product: candidate.entry.product,
            ...(candidate.written ? { written: candidate.written } : {}),
          },
        ]
      : [],
  );
}

/**
 * Of the products a sentence names (in order, not overlapping), those asked for: not a material
 * or a vehicle named as what another is made of or for, nor a use ("batteries for UPS").
 */
export function askedProducts<T extends ProductSpan>(chosen: readonly T[], sentence: string): T[] {
  const text = normalize(sentence);
  const candidates = chosen.map((span) => ({ ...span, entry: { product: span.product } }));
  const kept = withoutUses(withoutModifiers(candidates, text), text);
  return chosen.filter((_, i) => kept.includes(candidates[i]!));
}

/**
 * Finds the products a sentence names, longest name first, in Chinese and English.
 * @example findProducts('帮我找德国的LED面板买家').products.map((p) => p.id) // ['led-panel-lights']
 * @example findProducts('hydraulic pump importers').products.map((p) => p.id) // ['hydraulic-pumps']
 */
export function findProducts(written: string): FoundProducts {
  const sentence = sellApart(simplified(written));
  const text = normalize(sentence);
  // Cut the rest from the sentence as written, unless normalizing changed its length.
  const source = text.length === sentence.length ? sentence : text;
  const chosen: Candidate[] = [];
  const candidates = [...hsCandidates(text, source), ...englishCandidates(text), ...chineseCandidates(text)];
  for (const candidate of candidates.sort(rank))
    if (!chosen.some((taken) => candidate.start < taken.end && taken.start < candidate.end))
      chosen.push(candidate);
  chosen.sort((a, b) => a.start - b.start);
  const read = withoutUses(withoutModifiers(chosen, text), text);
  const products: Product[] = [];
  const corrected: Correction[] = [];
  let rest = '';
  let from = 0;
  for (const candidate of chosen) {
    const product = candidate.entry.product;
    if (!product) continue;
    if (read.includes(candidate) && !products.includes(product)) products.push(product);
    if (candidate.written && !corrected.some((c) => c.written === candidate.written))
      corrected.push({ written: candidate.written, id: product.id });
    rest += `${source.slice(from, candidate.start)} `;
    from = candidate.end;
  }
  rest += source.slice(from);
  return { products, corrected, rest: rest.replace(/\s+/g, ' ').trim() };
}
