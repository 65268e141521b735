import type { CompanyType } from '../../contract/companies.ts';
import { distance } from 'fastest-levenshtein';
import { WORDS } from './lexicon.ts';
import { Phrases, bothLanguages, latinWords, type PhraseEntry } from './phrases.ts';

/**
 * Conditions a sentence puts on the companies it asks for: a phone or an email to reach them, a
 * company size, a kind of company. They filter the results; they are never product words.
 */

export type { CompanyType };

/** The conditions set, in the order cards and chips name them. */
export function conditionKeys(conditions: Conditions): ('company_type' | 'phone' | 'email' | 'employees')[] {
  const keys: ('company_type' | 'phone' | 'email' | 'employees')[] = [];
  if (conditions.companyType) keys.push('company_type');
  if (conditions.phone) keys.push('phone');
  if (conditions.email) keys.push('email');
  if (conditions.employees) keys.push('employees');
  return keys;
}

/** The employee ranges a lead's `size` is recorded in (demo data and imports). */
export const EMPLOYEE_RANGES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

/** A recorded range's bounds: "51-200" → [51, 200], "1000+" → [1000, ∞]. */
export function rangeBounds(range: string): [number, number] | null {
  const match = /^(\d+)\s*(?:-\s*(\d+)|(\+))$/.exec(range.trim());
  if (!match) return null;
  return [Number(match[1]), match[3] ? Infinity : Number(match[2])];
}

/**
 * The recorded ranges that lie wholly within what was asked: "200人以上" ({min: 200}) is met by
 * 201-500, 501-1000 and 1000+, not by 51-200 (such a company may have 60 people).
 */
export function rangesWithin(bounds: NonNullable<Conditions['employees']>): string[] {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? Infinity;
  return EMPLOYEE_RANGES.filter((range) => {
    const [low, high] = rangeBounds(range)!;
    return low >= min && high <= max;
  });
}

export interface Conditions {
  phone?: true;
  email?: true;
  /** Inclusive bounds on the number of employees. */
  employees?: { min?: number; max?: number };
  companyType?: CompanyType;
  /** Several kinds asked together ("进口商或批发商", "distributors and retailers"): every one; the first is `companyType`. */
  companyTypes?: CompanyType[];
  /** The kinds were insisted on ("only importers", "只要进口商"): they filter instead of ranking (kinds.ts). */
  companyTypeOnly?: true;
}

/** A number as written: digits ("1,200", "2k", "1万") or Chinese numerals ("五十", "两百", "一千五"). */
const NUMBER = String.raw`(\d{1,3}(?:[,，]\d{3})+|\d+(?:\.\d+)?(?:\s*[kK万千])?|[零一二两三四五六七八九十百千万]+)`;

const CHINESE_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CHINESE_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

/**
 * A number written in Chinese numerals: "五十" 50, "一百五十" 150, "两百" 200, "一千五" 1500, "十" 10,
 * "三万" 30000; NaN when it is not one.
 */
export function chineseNumber(text: string): number {
  if (!/^[零一二两三四五六七八九十百千万]+$/.test(text)) return Number.NaN;
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  let lastUnit = 1;
  let zero = false;
  for (const char of text) {
    if (char in CHINESE_DIGITS) {
      digit = CHINESE_DIGITS[char]!;
      if (char === '零') zero = true;
      continue;
    }
    const unit = CHINESE_UNITS[char]!;
    if (unit === 10000) {
      total += (section + (digit ?? 0)) * unit;
      section = 0;
    } else section += (digit ?? 1) * unit;
    digit = null;
    lastUnit = unit;
  }
  // "一千五" is 1500: a digit after a unit, with nothing after it, is a tenth of that unit.
  if (digit !== null) section += lastUnit >= 100 && !zero ? (digit * lastUnit) / 10 : digit;
  return total + section;
}
const PEOPLE_ZH = String.raw`(?:名|个)?(?:员工|雇员|人|职员)`;
const PEOPLE_EN = String.raw`(?:employees|employee|staff|people|workers|persons|headcount)`;

/** "1,200" → 1200, "2k" → 2000, "1万" → 10000. */
function toNumber(text: string): number {
  const chinese = chineseNumber(text);
  if (!Number.isNaN(chinese)) return chinese;
  const clean = text.replace(/[,，\s]/g, '');
  const scale = /[kK千]$/.test(clean) ? 1000 : /万$/.test(clean) ? 10000 : 1;
  return Math.round(Number.parseFloat(clean) * scale);
}

type SizeRule = [RegExp, (a: number, b: number) => NonNullable<Conditions['employees']>];

/** Company size, most specific patterns first. Numbers are read as written ("200人以上" includes 200). */
const SIZE_RULES: SizeRule[] = [
  // Ranges: "50-200人", "50到200名员工", "between 50 and 200 employees", "50-200 staff".
  [
    new RegExp(String.raw`${NUMBER}\s*(?:-|~|～|–|—|到|至)\s*${NUMBER}\s*${PEOPLE_ZH}`, 'g'),
    (a, b) => ({ min: a, max: b }),
  ],
  [
    new RegExp(String.raw`(?:between\s+)?${NUMBER}\s*(?:-|–|—|to|and)\s*${NUMBER}\s*${PEOPLE_EN}`, 'g'),
    (a, b) => ({ min: a, max: b }),
  ],
  // Chinese lower bounds: "200人以上", "员工200人以上", "规模超过500人", "至少100名员工", "员工数大于50".
  [
    new RegExp(
      String.raw`(?:员工|人数|规模|员工数|雇员)?\s*${NUMBER}\s*(?:${PEOPLE_ZH}\s*)?(?:以上|及以上|或以上|往上)`,
      'g',
    ),
    (a) => ({ min: a }),
  ],
  [
    new RegExp(
      String.raw`(?:员工|人数|规模|员工数|雇员)[^\s，,。；;]{0,2}?(?<!不)(?:超过|多于|大于|高于|不止)\s*${NUMBER}\s*${PEOPLE_ZH}?`,
      'g',
    ),
    (a) => ({ min: a + 1 }),
  ],
  [
    new RegExp(String.raw`(?<!不)(?:超过|多于|大于|高于)\s*${NUMBER}\s*${PEOPLE_ZH}`, 'g'),
    (a) => ({ min: a + 1 }),
  ],
  [
    new RegExp(
      String.raw`(?:(?:员工|人数|规模|员工数|雇员)[^\s，,。；;]{0,2}?)?(?:至少|不少于|不低于)\s*${NUMBER}\s*${PEOPLE_ZH}?`,
      'g',
    ),
    (a) => ({ min: a }),
  ],
  // Chinese upper bounds: "20人以下", "员工不超过50", "少于10人".
  [
    new RegExp(
      String.raw`(?:员工|人数|规模|员工数|雇员)?\s*${NUMBER}\s*(?:${PEOPLE_ZH}\s*)?(?:以下|以内|及以下)`,
      'g',
    ),
    (a) => ({ max: a }),
  ],
  [
    new RegExp(
      String.raw`(?:(?:员工|人数|规模|员工数|雇员)[^\s，,。；;]{0,2}?)?(?:不超过|不多于|最多)\s*${NUMBER}\s*${PEOPLE_ZH}?`,
      'g',
    ),
    (a) => ({ max: a }),
  ],
  [
    new RegExp(
      String.raw`(?:(?:员工|人数|规模|员工数|雇员)[^\s，,。；;]{0,2}?)?(?<!不)(?:少于|低于|小于|不到|不足)\s*${NUMBER}\s*${PEOPLE_ZH}?`,
      'g',
    ),
    (a) => ({ max: a - 1 }),
  ],
  // English: "50+ employees", "more than 50 employees", "at least 100 staff", "under 20 staff".
  [new RegExp(String.raw`${NUMBER}\s*\+\s*${PEOPLE_EN}`, 'g'), (a) => ({ min: a })],
  [
    new RegExp(
      String.raw`(?:at\s+least|minimum(?:\s+of)?|min\.?|no(?:t)?\s+fewer\s+than|no(?:t)?\s+less\s+than)\s+${NUMBER}\s*${PEOPLE_EN}`,
      'g',
    ),
    (a) => ({ min: a }),
  ],
  [
    new RegExp(
      String.raw`(?<!\b(?:no|not)\s+)(?:more\s+than|over|above|greater\s+than|bigger\s+than|>)\s*${NUMBER}\s*${PEOPLE_EN}`,
      'g',
    ),
    (a) => ({ min: a + 1 }),
  ],
  [
    new RegExp(
      String.raw`(?:at\s+most|up\s+to|no(?:t)?\s+more\s+than|maximum(?:\s+of)?|max\.?)\s+${NUMBER}\s*${PEOPLE_EN}`,
      'g',
    ),
    (a) => ({ max: a }),
  ],
  [
    new RegExp(
      String.raw`(?<!\b(?:no|not)\s+)(?:fewer\s+than|less\s+than|under|below|smaller\s+than|<)\s*${NUMBER}\s*${PEOPLE_EN}`,
      'g',
    ),
    (a) => ({ max: a - 1 }),
  ],
  [
    new RegExp(String.raw`${NUMBER}\s*${PEOPLE_EN}\s+(?:or\s+more|and\s+(?:up|above|more)|plus)`, 'g'),
    (a) => ({ min: a }),
  ],
  [new RegExp(String.raw`${NUMBER}\s*${PEOPLE_EN}\s+or\s+(?:fewer|less)`, 'g'), (a) => ({ max: a })],
];

/**
 * Headcounts said roughly in Chinese: "一两百人" (100 to 200), "两三百人", "几千人" (1,000 and more),
 * "几十个员工" (10 and more).
 */
const ROUGH_SIZE_ZH = new RegExp(
  String.raw`(?:([一二两三四五六七八])([两二三四五六七八九])|(几))(十|百|千|万)(?:来|多)?\s*${PEOPLE_ZH}`,
  'g',
);

function roughSize(match: RegExpMatchArray): NonNullable<Conditions['employees']> {
  const unit = CHINESE_UNITS[match[4]!]!;
  if (match[3]) return { min: unit };
  return { min: CHINESE_DIGITS[match[1]!]! * unit, max: CHINESE_DIGITS[match[2]!]! * unit };
}

/**
 * Words naming the companies asked for, which a size word must come right before ("大型进口商",
 * "large importers"). Not 客户 / 买家 / buyers / clients: "大客户" and "big buyers" say how much they
 * buy, not how many people they employ.
 */
const COMPANY_ZH = String.raw`(?:进口商|经销商|分销商|通路商|渠道商|批发商|盘商|零售商|超市|代理商|代理|供应商|制造商|生产商|工厂|厂家|厂商|品牌商|贸易商|公司|企业)`;
const COMPANY_EN = String.raw`(?:importers?|distributors?|wholesalers?|retailers?|dealers?|resellers?|suppliers?|manufacturers?|makers?|brands?|compan(?:y|ies)|firms?|businesses|enterprises|players?|chains?|retail\s+chains?|(?:super|hyper)markets?(?:\s+chains?)?)`;

/**
 * Company size said in words, read on the employee ranges the leads record (EMPLOYEE_RANGES): small
 * is up to 50, mid-sized 51–200, large over 200, SMEs up to 200. Only next to a word for the
 * companies (or after 规模), so "大型挖掘机" and "small generators" stay product words.
 */
/**
 * A size said on its own at the end of a clause, of the companies asked before it: "，中型的",
 * "，规模大一点的就好", ", mid-sized", ", the biggest ones only", ", small independent ones"; in
 * Chinese after "要" or "只要" too ("要中型的").
 */
const ALONE_ZH = String.raw`(?<=(?:^|[，,。；;!！?？ ])(?:只要|要)?)`;
const ALONE_END_ZH = String.raw`(?:的)?(?:就好|就行|即可|为主|优先|最好)?(?=$|[，,。；;!！?？ ])`;
const ALONE_EN = String.raw`(?<=^ ?|[,;.] )(?:only\s+)?(?:the\s+)?`;
const ALONE_END_EN = String.raw`(?:\s+(?:ones|companies|players))?(?:\s+only)?(?= ?$|[,;.!?])`;

const SIZE_WORDS: [RegExp, NonNullable<Conditions['employees']>][] = [
  [
    new RegExp(
      String.raw`${ALONE_ZH}中型${ALONE_END_ZH}|${ALONE_EN}(?:mid|medium)[-\s]?sized?${ALONE_END_EN}|\b(?:mid|medium)[-\s]sized\s+(?=(?:[a-z-]+\s+){1,2}?${COMPANY_EN}\b)`,
      'g',
    ),
    { min: 51, max: 200 },
  ],
  [
    new RegExp(
      String.raw`${ALONE_ZH}(?:大型|大)${ALONE_END_ZH}|${ALONE_EN}(?:large|big|biggest|largest|major)${ALONE_END_EN}`,
      'g',
    ),
    { min: 201 },
  ],
  [
    new RegExp(
      String.raw`${ALONE_ZH}小型${ALONE_END_ZH}|${ALONE_EN}(?:small|smallest)(?:\s+independent)?${ALONE_END_EN}`,
      'g',
    ),
    { max: 50 },
  ],
  [new RegExp(String.raw`${ALONE_ZH}中小型${ALONE_END_ZH}`, 'g'), { max: 200 }],
  // The goods between the size and a kind of company ("大型家居零售商", "小型化妆品品牌", "the biggest
  // jewelry retailers"): the size is the companies'. Not before 买家 or "buyers" ("大型挖掘机买家": large
  // excavators), nor "large format printers distributors" (only superlatives in English).
  [
    new RegExp(
      String.raw`大型(?:的)?(?=[^，,。；;!！?？\s]{1,8}?(?:进口商|经销商|分销商|批发商|零售商|品牌商|品牌(?=$|[的，,。；;!！?？ ])|代理商|连锁|超市))|\b(?:biggest|largest)\s+(?=(?:[a-z-]+\s+){0,3}?${COMPANY_EN}\b)`,
      'g',
    ),
    { min: 201 },
  ],
  [
    new RegExp(
      String.raw`小型(?:的)?(?=[^，,。；;!！?？\s]{1,8}?(?:进口商|经销商|分销商|批发商|零售商|品牌商|品牌(?=$|[的，,。；;!！?？ ])|代理商|连锁|超市))|\b(?:smallest)\s+(?=(?:[a-z-]+\s+){0,3}?${COMPANY_EN}\b)`,
      'g',
    ),
    { max: 50 },
  ],
  [
    new RegExp(
      String.raw`中小型(?:的)?(?=${COMPANY_ZH})|中小(?=企业|公司)|\bsmes?\b|\bsmall\s+and\s+medium(?:[-\s]sized)?\s+(?=${COMPANY_EN}\b)`,
      'g',
    ),
    { max: 200 },
  ],
  [
    new RegExp(
      String.raw`中型(?:的)?(?=${COMPANY_ZH})|规模中等|中等规模|\b(?:mid|medium)(?:[-\s]?sized?)?\s+(?=${COMPANY_EN}\b)`,
      'g',
    ),
    { min: 51, max: 200 },
  ],
  [
    new RegExp(
      String.raw`大型(?:的)?(?=${COMPANY_ZH})|(?<!加拿)大(?=公司|企业|进口商|经销商|批发商|零售商)|规模(?:较|比较|更)?大(?:一点|一些|点)?|\b(?:large|big|major)(?:[-\s]sized?|[-\s]scale)?\s+(?=${COMPANY_EN}\b)`,
      'g',
    ),
    { min: 201 },
  ],
  [
    new RegExp(
      String.raw`小型(?:的)?(?=${COMPANY_ZH})|小(?=公司|企业|进口商|经销商|批发商|零售商)|规模(?:较|比较|更)?小(?:一点|一些|点)?|\bsmall(?:[-\s]sized?|[-\s]scale)?\s+(?=${COMPANY_EN}\b)`,
      'g',
    ),
    { max: 50 },
  ],
];

/**
 * Ways to reach a company, each read as phone or email. 手机 alone is a product (手机壳), never a
 * condition. 联络电话 and 信箱 are Taiwan's words (sentences are read in simplified script, script.ts).
 */
const CONTACT_ZH = String.raw`(?:电话号码|联系电话|联络电话|电话|手机号码|手机号|座机|whatsapp|phone|tel|mobile|邮箱地址|邮箱|电子邮件|邮件地址|电邮|电子信箱|信箱|e-?mail)`;
const CONTACT_EN = String.raw`(?:(?:tele)?phone(?:\s+numbers?)?|phones|mobile(?:\s+numbers?)?|cell(?:\s+numbers?)?|whatsapp(?:\s+numbers?)?|contact\s+numbers?|e-?mails?(?:\s+address(?:es)?)?|email\s+contacts?)`;
const LIST_ZH = String.raw`${CONTACT_ZH}(?:\s*(?:和|与|及|以及|、|跟|或|/|,|，)\s*${CONTACT_ZH})*`;
const LIST_EN = String.raw`${CONTACT_EN}(?:\s*(?:and|&|,|/|or|plus)\s*(?:an?\s+)?${CONTACT_EN})*`;
/**
 * Whose phone or email, said between the verb and the contact: "有采购经理邮箱", "需要采购负责人的邮箱",
 * "with the purchasing manager's email", "with direct emails". Role and person words only, so a
 * product can never sit there.
 */
const WHOSE_ZH = String.raw`(?:(?:(?:采购|业务|销售|外贸|商务|决策|关键|对接|负责|联系)(?:经理|总监|主管|负责人|人员|人|部门|部)?|老板|经理|总监|主管|买手|老总|总经理|创始人|ceo|个人|直接|官方|工作|私人|有效|真实|准确|具体)\s*(?:的)?\s*)`;
const WHOSE_EN = String.raw`(?:(?:both|the|a|an|their|its|valid|verified|direct|personal|work|business|contact|key|real|named|decision[-\s]makers?|buyers?|purchasing|procurement|sourcing|purchase|managers?|directors?|heads?|owners?|ceos?|persons?|people|staff)(?:['’]s?)?\s+)`;
/** A contact word that goes on into goods: 电话机, 电话线, 电话卡, 电话手表 are things, not a phone number. */
const GOODS_AFTER_ZH = '(?![机线卡亭]|手表)';
/** "要有电话", "有邮箱的", "电话和邮箱都要有", "with phone and email", "phone number required". */
const CONTACT_RULES = [
  new RegExp(
    String.raw`(?:要有|需要有?|必须有?|得有|都要有|带有?|附带?|含有?|留有?|有|要)\s*${WHOSE_ZH}{0,3}(${LIST_ZH})${GOODS_AFTER_ZH}(?:的)?`,
    'gi',
  ),
  new RegExp(
    String.raw`(${LIST_ZH})${GOODS_AFTER_ZH}\s*(?:都)?(?:要有|必须有|需要有?|要齐全|齐全|都有|必须|必需)`,
    'gi',
  ),
  new RegExp(
    String.raw`\b(?:with|has|have|having|must\s+have|need|needs|needed|require[sd]?|including|incl\.?|w/)\s+${WHOSE_EN}{0,4}(${LIST_EN})\b`,
    'gi',
  ),
  new RegExp(
    String.raw`\b(${LIST_EN})\s+(?:(?:is|are)\s+(?:a\s+)?)?(?:required|needed|needs?|must|included|available|only)\b`,
    'gi',
  ),
  // "find whatsapp numbers of …", "get me the emails of …": the contacts themselves are asked for.
  new RegExp(
    String.raw`\b(?:find|get(?:\s+me)?|give\s+me|want|looking\s+for)\s+(?:the\s+|their\s+)?(${LIST_EN})\b`,
    'gi',
  ),
  // "能打电话的", "可以电话联系的": reachable by phone, said as what one can do.
  new RegExp(String.raw`(?:能|可以|方便)(?:直接)?(打电话|电话联系|致电)(?:的)?`, 'gi'),
];
const isEmail = (word: string) => /邮|信箱|mail/i.test(word);

/**
 * Kinds of company (lexicon/words.json, kinds), each word with its kind; the kind also says which
 * role the sentence wants (the caller reads that).
 */
const COMPANY_TYPES = new Phrases(
  (Object.entries(WORDS.kinds) as [CompanyType, { zh: PhraseEntry[]; en: PhraseEntry[] }][]).flatMap(
    ([type, words]) => bothLanguages(words).map((word) => [word, type] as [PhraseEntry, CompanyType]),
  ),
);

/** English kinds of company, for misspellings ("distributers", "wholesalors"). */
const TYPE_WORDS_EN: [string, CompanyType][] = [
  ['importer', 'importer'],
  ['wholesaler', 'wholesaler'],
  ['retailer', 'retailer'],
  ['distributor', 'distributor'],
  ['manufacturer', 'manufacturer'],
];

/** The kind of company a misspelt English word names: same first letter, at most two edits. */
export function misspeltCompanyType(word: string): CompanyType | null {
  const written = word.toLowerCase().replace(/s$/, '');
  // "imported", "retailing": other words of the same family, not misspellings.
  if (written.length < 7 || /(?:ed|ing|ion)$/.test(written)) return null;
  for (const [name, type] of TYPE_WORDS_EN)
    if (name[0] === written[0] && distance(name, written) <= 2) return type;
  return null;
}

/** A condition a sentence states, where it is written (`start`, `end` in the sentence given). */
export interface ConditionSpan {
  start: number;
  end: number;
  employees?: NonNullable<Conditions['employees']>;
  /** A size said in words ("large importers"): a number given besides wins. */
  inWords?: true;
  phone?: true;
  email?: true;
}

/**
 * Every condition phrase of a sentence (lower case, spaces collapsed) with where it is written: sizes
 * in figures and in words, and contacts asked for. Overlapping phrases are all given; the reader
 * keeps the longest.
 */
export function conditionSpans(sentence: string): ConditionSpan[] {
  const padded = ` ${sentence} `;
  const spans: ConditionSpan[] = [];
  const at = (match: RegExpMatchArray) => {
    const text = match[0];
    const lead = text.length - text.trimStart().length;
    const start = Math.max(0, match.index! + lead - 1);
    return { start, end: Math.min(sentence.length, start + text.trim().length) };
  };
  for (const [pattern, bounds] of SIZE_RULES)
    for (const match of padded.matchAll(pattern)) {
      const second = typeof match[2] === 'string' ? toNumber(match[2]) : Number.NaN;
      const employees = bounds(toNumber(match[1]!), second);
      if (Object.values(employees).every((value) => Number.isFinite(value)))
        spans.push({ ...at(match), employees });
    }
  for (const match of padded.matchAll(ROUGH_SIZE_ZH))
    spans.push({ ...at(match), employees: roughSize(match) });
  for (const [pattern, bounds] of SIZE_WORDS)
    for (const match of padded.matchAll(pattern))
      spans.push({ ...at(match), employees: { ...bounds }, inWords: true });
  for (const pattern of CONTACT_RULES)
    for (const match of padded.matchAll(pattern)) {
      const span: ConditionSpan = at(match);
      for (const written of match[1]!.split(/和|与|及|以及|、|跟|或|\/|,|，|and|&|or|plus/)) {
        const part = written.trim();
        if (!part) continue;
        if (isEmail(part)) span.email = true;
        else span.phone = true;
      }
      spans.push(span);
    }
  return spans.filter((span) => span.end > span.start);
}

/** A kind of company named, where (`start`, `end`), with its word. */
export interface KindSpan {
  start: number;
  end: number;
  type: CompanyType;
  word: string;
}

/** Every word of a sentence (lower case) that names a kind of company, misspelt English ones too. */
export function kindSpans(sentence: string): KindSpan[] {
  const spans: KindSpan[] = [];
  for (const hit of COMPANY_TYPES.all(sentence))
    spans.push({ start: hit.start, end: hit.end, type: hit.value, word: hit.word });
  for (const { word, at } of latinWords(sentence)) {
    const type = word.length >= 7 ? misspeltCompanyType(word) : null;
    if (type) spans.push({ start: at, end: at + word.length, type, word });
  }
  return spans;
}

/**
 * Words insisting on a kind of company, right before its word ("only importers", "just LED
 * distributors", "只要进口商", "仅限德国的经销商") or right after it ("importers only"). "Only" then
 * a verb of the user's own business ("we only sell LEDs to importers") insists on nothing.
 */
const ONLY_BEFORE_EN = /(?<!\bnot\s)\b(?:only|just|exclusively|strictly)((?:\s+[\p{L}\d&'-]+){0,3})\s+$/u;
const OWN_BUSINESS_EN =
  /\b(?:sell|sells|make|makes|produce|produces|export|exports|supply|supplies|manufacture|do|does|have|has|work|deal)\b/;
const ONLY_BEFORE_ZH =
  /(?:只要|只找|只限|仅限|限于|只需要|只想要|只想找|只看|仅要|仅找|只要是|必须是|一定要是|只能是|仅)[^，,。；;！!？?\s]{0,12}$/;
const ONLY_AFTER = /^(?:\s+(?:only|exclusively)\b|\s*(?:就够了|为限))/;

/** Whether the kind word at `start`–`end` of `sentence` (lower case) is insisted on. */
export function kindInsisted(sentence: string, start: number, end: number): boolean {
  const before = sentence.slice(Math.max(0, start - 40), start);
  const en = ONLY_BEFORE_EN.exec(before);
  if (en && !OWN_BUSINESS_EN.test(en[1]!)) return true;
  return ONLY_BEFORE_ZH.test(before) || ONLY_AFTER.test(sentence.slice(end, end + 20));
}

/** Contacts and sizes named without a verb or a figure, for what a sentence leaves out ("不要邮箱了"). */
export function namedConditionSpans(
  sentence: string,
): { start: number; end: number; key: 'phone' | 'email' | 'employees' }[] {
  return [
    ...[...sentence.matchAll(CONTACT_NAMED)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
      key: isEmail(match[0]) ? ('email' as const) : ('phone' as const),
    })),
    ...[...sentence.matchAll(SIZE_NAMED)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
      key: 'employees' as const,
    })),
  ];
}

/** A contact or a size named without a verb or a figure ("去掉电话的要求", "drop the size filter"). */
const CONTACT_NAMED = new RegExp(String.raw`${CONTACT_ZH}|\b${CONTACT_EN}\b`, 'gi');
const SIZE_NAMED = /人数|规模|公司大小|员工|雇员|\bsize\b|\bemployees?\b|\bstaff\b|\bheadcount\b/gi;
