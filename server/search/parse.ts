import { MAX_QUERY_LENGTH } from '../../contract/limits.ts';
import {
  conditionsNamed,
  findConditions,
  withoutCompanyTypes,
  type CompanyType,
  type Conditions,
} from './conditions.ts';
import { findPlaces, regionsWithin } from './places.ts';
import { findProducts, sellApart, type Product } from './products.ts';
import { simplified } from './script.ts';
import { collapseSpaces } from '../platform/text.ts';

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
 * Words that start what a sentence does not want. Not "no more than 50 employees" (a size); "No, I
 * meant France" leaves nothing out (the comma ends it at once); 除了 only when nothing says "also" after it
 * ("除了德国，还要法国" adds France).
 */
const NEGATION =
  /(?:不要|不需要|不用|不看|别找|别要|去掉|去除|排除|除去|删掉|删除|取消|不包括|不含|剔除|拿掉|除了(?!.*?(?:还|也)))|\b(?:no|not|without|except(?:\s+for)?|excluding|exclude|remove|drop|forget(?:\s+about)?|skip|minus|other\s+than|instead\s+of|don['’]?t\s+(?:need|want|include|show))\b(?!\s+(?:more|fewer|less)\s+than)/gi;
/** Where what is not wanted ends: a clause, or a turn to what is ("看看法国", "try Austria", "以外的"). */
const NEGATION_END =
  /[，,。.;；!！?？]|的|以外|之外|看看|换成|改成|换为|改为|试试|只要|只看|(?<!不|需|不需)要|\b(?:try|but|instead|how\s+about|what\s+about|switch\s+to|go\s+with|look\s+at|show\s+me|rather)\b/i;

/** The sentence without what it does not want, and those parts. */
function splitNegations(sentence: string): { positive: string; negated: string[] } {
  const negated: string[] = [];
  let positive = '';
  let from = 0;
  for (const match of sentence.matchAll(NEGATION)) {
    if (match.index < from) continue;
    positive += sentence.slice(from, match.index);
    const start = match.index + match[0].length;
    const end = sentence.slice(start).search(NEGATION_END);
    const stop = end < 0 ? sentence.length : start + end;
    negated.push(sentence.slice(start, stop));
    positive += ' ';
    from = stop;
  }
  positive += sentence.slice(from);
  return { positive, negated };
}

/**
 * Where the user says who they are ("我们是做LED灯的工厂，想找德国的买家", "we are a Chinese furniture
 * factory looking for buyers", "we are exporters of tiles"): its kind of company, role and places
 * are the user's, not what is asked for; its products stay (they are what the user sells). In
 * English only "a …", "based …" or a kind of company: "I am interested in German buyers" asks.
 */
const SELF =
  /(?:我们公司|本公司|我们|我司|我方|我)(?:是|为)(?:一家|一个|个)?[^，,。；;!?！？]*?(?=[，,。；;!?！？]|想找|想要|要找|寻找|在找|找|需要|希望|$)|\b(?:we\s+are|we['’]re|i\s+am|i['’]m|our\s+company\s+is)\s+(?:an?\s|based\s|located\s|(?=(?:[a-z]+\s+)?(?:exporters?|importers?|manufacturers?|factor(?:y|ies)|suppliers?|producers?|makers?|traders?|wholesalers?|distributors?|retailers?|brands?)\b))[^,.;!?]*?(?=[,.;!?]|\b(?:looking|seeking|searching|want|wants|need|needs|and|trying|to\s+find)\b|$)/gi;

function withoutSelf(text: string): string {
  return text.replace(SELF, (clause) => {
    let rest = withoutCompanyTypes(findPlaces(clause).rest);
    for (const word of [...SUPPLIER_WORDS_ZH, ...BUYER_WORDS_ZH]) rest = rest.split(word).join(' ');
    for (const word of [...SUPPLIER_WORDS_EN, ...BUYER_WORDS_EN])
      rest = rest.replace(new RegExp(wordPattern(word).source, 'g'), '$1 ');
    return ` ${rest} `;
  });
}

/** The countries, products and conditions the negated parts name. */
function readExcluded(parts: string[]): Excluded | undefined {
  if (!parts.length) return undefined;
  const excluded: Excluded = { countries: [], products: [], conditions: [], kinds: [] };
  for (const part of parts) {
    const places = findPlaces(part);
    excluded.countries.push(...places.countries);
    const named = conditionsNamed(places.rest);
    excluded.conditions.push(...named.keys);
    excluded.kinds.push(...named.kinds);
    excluded.products.push(...findProducts(named.rest).products.map((product) => product.id));
  }
  const nothing = Object.values(excluded).every((list: unknown[]) => list.length === 0);
  return nothing ? undefined : excluded;
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
  'sellers',
  'seller',
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
  'contractor',
  'contractors',
  'brands',
  'agents',
  'agent',
];
const SUPPLIER_WORDS_ZH = [
  '供应商',
  '供货商',
  '厂家',
  '厂商',
  '工厂',
  '制造商',
  '生产商',
  '出口商',
  '源头',
  '卖家',
  '代工厂',
];
const BUYER_WORDS_ZH = [
  '买家',
  '采购商',
  '进口商',
  '经销商',
  '分销商',
  '批发商',
  '零售商',
  '代理商',
  '承包商',
  '品牌商',
  '客户',
  '买方',
  '采购',
];
/** Words that carry no meaning of their own in a search sentence (fillers, verbs of asking). */
const FILLER_EN = new Set(
  `find me search for look looking show get list of the a an in from at to who that which buy buys buying
  sell sells selling import imports importing and or with please some any companies company based i want
  need help can you could would like only just instead now what about how else other others them those
  these more also then switch change make it us our we new results result give all same are is be
  there their they which where whose across around within any ideally preferably b2b i'm im no meant mean try rather maybe perhaps but am sourcing leads lead contacts someone somebody who'd pls plz my main top key major best we're we’re i’m`.split(
    /\s+/,
  ),
);
const FILLER_ZH = [
  '帮我',
  '开发',
  '出口',
  '联系方式',
  '名单',
  '主营',
  '求',
  '求推荐',
  '推荐',
  '最好',
  '优先',
  '麻烦',
  '看看',
  '以外',
  '我们',
  '我是',
  '我司',
  '本公司',
  '贸易',
  '除了',
  '之外',
  '几个',
  '几家',
  '帮忙',
  '我想',
  '我要',
  '给我',
  '请',
  '找到',
  '寻找',
  '搜索',
  '查找',
  '查一下',
  '找一下',
  '找',
  '一下',
  '一些',
  '哪些',
  '有哪些',
  '公司',
  '企业',
  '想',
  '要',
  '进口',
  '购买',
  '的',
  '在',
  '有',
  '和',
  '与',
  '换成',
  '换为',
  '改成',
  '改为',
  '只要',
  '只看',
  '只找',
  '仅',
  '只',
  '呢',
  '吗',
  '吧',
  '那',
  '再',
  '还有',
  '也',
  '国家',
  '地区',
  '市场',
];
/**
 * A follow-up that asks for more of the same, and nothing else. Read on the sentence as parseQuery
 * tidies it (collapseSpaces, trimmed): one space at most between words.
 */
const MORE_ONLY =
  /^(?:(?:show|give|find|get|load|see) (?:me )?)?(?:some )?(?:more|next|another (?:page|batch|10)|next (?:page|batch|10))(?: (?:results?|leads?|companies|please|of (?:them|these|those)))* ?[.!?]*$|^(?:请|帮我)?(?:再|多)?(?:来|找|看|给我?)?(?:一些|一批|一点|几家|10家|十家)?(?:更多|再来|再找|下一批|下一页|继续)(?:一些|一批|几家)?(?:的)?(?:结果|公司|线索)?(?:吧|呢)? ?[。！？!?]*$/i;

const hasCjk = (text: string) => /[\u3400-\u9fff]/.test(text);

const wordPattern = (word: string) => new RegExp(`(^|[^a-z0-9])${word}(?=$|[^a-z0-9])`);

/**
 * Who the asked companies work with, not who they are: "找工厂做OEM的品牌商" (brands that have
 * factories make their goods), "brand owners who outsource to factories". Left out of the role
 * when a role word comes before it.
 */
const PARTNER_ZH =
  /(?:找|委托|让|通过|交给)[^，,。；;]{0,4}?(?:代工厂|工厂|厂家|厂商)来?(?:做|代工|加工|生产|贴牌)(?:oem|odm)?/g;
const RELATIVE_EN = /\b(?:who|that|which)\b[^,.;!?]*/g;

/** Which role the words of a sentence ask for; the later of two opposite words wins ("buyers, not suppliers" aside). */
function roleOf(sentence: string): { role: 'buyer' | 'supplier'; stated: boolean } {
  const roleWords = [...SUPPLIER_WORDS_ZH, ...BUYER_WORDS_ZH, ...SUPPLIER_WORDS_EN, ...BUYER_WORDS_EN];
  // A role or a kind of company ("brand owners") said before the clause.
  const said = (part: string) =>
    withoutCompanyTypes(part) !== part ||
    roleWords.some((word) => (hasCjk(word) ? part.includes(word) : wordPattern(word).test(part)));
  const text = sentence
    .replace(PARTNER_ZH, (whole, at: number) => (said(sentence.slice(0, at)) ? ' ' : whole))
    .replace(RELATIVE_EN, (whole, at: number) => (said(sentence.slice(0, at)) ? ' ' : whole));
  const at = (words: string[], zh: boolean) => {
    let first = -1;
    for (const word of words) {
      const index = zh ? text.indexOf(word) : text.search(wordPattern(word));
      if (index >= 0 && (first < 0 || index < first)) first = index;
    }
    return first;
  };
  const supplier = Math.max(at(SUPPLIER_WORDS_ZH, true), at(SUPPLIER_WORDS_EN, false));
  const buyer = Math.max(at(BUYER_WORDS_ZH, true), at(BUYER_WORDS_EN, false));
  if (supplier >= 0 && (buyer < 0 || supplier >= buyer)) return { role: 'supplier', stated: true };
  return { role: 'buyer', stated: buyer >= 0 };
}

/** The words left once places, conditions, products, roles and fillers are taken out. */
function leftover(text: string, locale: 'zh' | 'en'): string[] {
  let rest = withoutCompanyTypes(text);
  for (const word of [...SUPPLIER_WORDS_ZH, ...BUYER_WORDS_ZH].sort((a, b) => b.length - a.length))
    rest = rest.split(word).join(' ');
  for (const word of [...SUPPLIER_WORDS_EN, ...BUYER_WORDS_EN])
    rest = rest.replace(new RegExp(wordPattern(word).source, 'g'), '$1 ');
  for (const word of [...FILLER_ZH].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  const segmenter = new Intl.Segmenter(locale === 'zh' ? 'zh-CN' : 'en', { granularity: 'word' });
  const out: string[] = [];
  for (const part of segmenter.segment(rest)) {
    if (!part.isWordLike) continue;
    const word = part.segment.toLowerCase();
    if (FILLER_EN.has(word) || /^\d+$/.test(word) || word.length < 2) continue;
    if (!out.includes(word)) out.push(word);
  }
  return out;
}

/**
 * Sellers on a marketplace or their own shop sell to consumers: they are retailers, who buy,
 * not the suppliers that 卖家 and "sellers" alone ask for ("亚马逊卖家", "Amazon sellers").
 */
const ONLINE_SELLERS_ZH =
  /(?:亚马逊|跨境电商|电商|跨境|网店|独立站|速卖通|shopee|lazada|amazon|ebay|etsy|shopify)\s*(?:卖家|大卖)/gi;
const ONLINE_SELLERS_EN =
  /\b(?:amazon|ebay|etsy|shopify|shopee|lazada|marketplace|online|e-?commerce)\s+(?:sellers?|stores?|shops?)\b/gi;

/**
 * Understands one sentence in Chinese or English: buyer or supplier, every country and region,
 * the products (most specific first, misspellings corrected) and the conditions (phone, email,
 * company size and kind), and what was left over.
 * @example parseQuery('阿联酋和沙特的LED灯具经销商，要有电话')
 * // { role: 'buyer', countries: ['AE', 'SA'], products: [LED lights], conditions: { phone: true, companyType: 'distributor' } }
 */
export function parseQuery(sentence: string): Understood {
  const original = sellApart(
    simplified(collapseSpaces(sentence.slice(0, 4 * MAX_QUERY_LENGTH).normalize('NFKC')))
      .trim()
      .slice(0, MAX_QUERY_LENGTH),
  )
    .replace(ONLINE_SELLERS_ZH, '零售商')
    .replace(ONLINE_SELLERS_EN, 'retailers');
  const language: 'zh' | 'en' = hasCjk(original) ? 'zh' : 'en';
  const split = splitNegations(original);
  const positive = withoutSelf(split.positive);
  const negated = split.negated;
  const excluded = readExcluded(negated);
  const places = findPlaces(positive);
  const found = findConditions(places.rest);
  const products = findProducts(found.rest);
  const role = roleOf(` ${positive.toLowerCase()} `);
  // A kind of company says the role when no role word does ("brand owners" buy, factories sell).
  const typeRole = found.conditions.companyType === 'manufacturer' ? 'supplier' : 'buyer';
  const stated = role.stated || Boolean(found.conditions.companyType);
  const unknown = leftover(` ${products.rest} `, language);
  for (const word of kindWordsNotApplied(excluded, found.conditions.companyType))
    if (!unknown.includes(word)) unknown.push(word);
  return withoutExcluded(
    {
      role: role.stated || !found.conditions.companyType ? role.role : typeRole,
      roleStated: stated,
      countries: places.countries,
      regions: places.regions,
      products: products.products.slice(0, 5),
      conditions: found.conditions,
      corrected: [
        ...places.corrected.map((c) => ({ written: c.written, kind: 'country' as const, id: c.iso2 })),
        ...products.corrected.map((c) => ({ written: c.written, kind: 'product' as const, id: c.id })),
      ],
      unknown: unknown.slice(0, 6),
      more: MORE_ONLY.test(original),
      language,
    },
    excluded,
  );
}

/**
 * An understanding without what its sentence leaves out, which it keeps for a follow-up to take
 * out of the previous search: the parser's own reading, an LLM's (the parser's reading of the
 * negations overrules it, llm.ts) and a refined one (criteria.ts).
 */
export function withoutExcluded(understood: Understood, excluded: Excluded | undefined): Understood {
  if (!excluded) return understood;
  const countries = understood.countries.filter((code) => !excluded.countries.includes(code));
  const conditions = { ...understood.conditions };
  for (const key of excluded.conditions) delete conditions[key];
  return {
    ...understood,
    countries,
    regions: regionsWithin(understood.regions, countries),
    products: understood.products.filter((product) => !excluded.products.includes(product.id)),
    conditions,
    excluded,
  };
}
