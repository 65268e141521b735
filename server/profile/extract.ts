import {
  CERTIFICATIONS,
  isPhone,
  isWebsite,
  isWechat,
  MAX_PROFILE_PRODUCTS,
  PROFILE_TEXT_MAX,
  type Certification,
  type MoqUnit,
  type Strength,
} from '../../contract/profile.ts';
import type { ProfileSources } from '../../contract/api.ts';
import { findProducts, PRODUCT_BY_ID } from '../search/products.ts';
import { collapseSpaces, trimEndOf } from '../platform/text.ts';

/** A profile's values as stored: `products` are ids of the search taxonomy. */
export interface ProfileValues {
  company_zh: string;
  company_en: string;
  products: string[];
  strengths: Strength[];
  certifications: Certification[];
  moq: { quantity: number; unit: MoqUnit } | null;
  website: string;
  name_zh: string;
  name_en: string;
  title_zh: string;
  title_en: string;
  phone: string;
  wechat: string;
  whatsapp: string;
}

/** A profile with nothing in it. */
export const EMPTY_PROFILE: ProfileValues = {
  company_zh: '',
  company_en: '',
  products: [],
  strengths: [],
  certifications: [],
  moq: null,
  website: '',
  name_zh: '',
  name_en: '',
  title_zh: '',
  title_en: '',
  phone: '',
  wechat: '',
  whatsapp: '',
};

const CJK = /[\u3400-\u9fff]/;

/**
 * Lines of the text, tidied (every space one ASCII space: collapseSpaces): one sentence per line is
 * not assumed, so long lines are cut at stops.
 */
function lines(text: string): string[] {
  return collapseSpaces(text)
    .split(/\n+|(?<=[。！？；])/)
    .map((line) => line.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Company names

/** The legal forms a Chinese company name ends with. */
const ZH_LEGAL_FORM = /股份有限公司|有限责任公司|有限公司|集团/g;
/** A character of a Chinese company name. */
const ZH_NAME_CHAR = /[\u4e00-\u9fa5（）()]/;
/** At most this many name characters before the legal form. */
const ZH_NAME_MAX = 40;
/** Words that make a match a description, not a name ("我们是一家专业生产…的有限公司"). */
const ZH_NOT_A_NAME = /的|一家|我们|我司|本公司|专业|主营|位于|成立|欢迎|是|为|和|与|及/;
/** The legal forms an English company name ends with, after its words (lines are collapsed: one space). */
const EN_LEGAL_FORM =
  /,? (?:Co\.?,? ?Ltd\.?|Co\.?,? ?Limited|Company Limited|Pvt\.? Ltd\.?|Private Limited|Pte\.? Ltd\.?|Sdn\.? Bhd\.?|Limited|Ltd\.?|Inc\.?|LLC|LLP|PLC|JSC|GmbH|Corporation|Corp\.?|Group|A\.Ş\.?|S\.A\.|S\.R\.L\.)(?![A-Za-z])/gi;
/** A word of an English company name: a capitalised word, "&", "and", "of", "(Shenzhen)". */
const EN_NAME_WORD = /^(?:[A-Z][A-Za-z0-9&'-]*|&|and|of|\([A-Za-z]+\))$/;
const EN_FIRST_WORD = /^[A-Z][A-Za-z0-9&'-]*$/;
/** At most this many words before the legal form. */
const EN_NAME_WORDS = 8;
const EN_LEADING = /^(?:(?:Welcome|About|Contact|Dear|The|At|From|Our|To|Us|Is|Profile)\b[ ]*)+/;

/**
 * Words before a company name that make it someone else's: a customer, partner, distributor or
 * supplier of the company ("Our partner in Germany: Holzgarten GmbH", "主要客户：…有限公司").
 */
const OTHERS_BEFORE =
  /\b(?:customers?|clients?|partners?|distributors?|dealers?|agents?|buyers?|importers?|suppliers?|supplied (?:by|to)|sold (?:by|to|through)|represented by)\b|客户|合作|经销|代理|供应商|买家|采购自|供货给/i;

/** Whether the name starting at `start` of `line` is named as someone else's (in its sentence, just before it). */
function someoneElses(line: string, start: number): boolean {
  const before = line.slice(Math.max(0, start - 60), start);
  const sentence = before.split(/[.!?。！？；;]\s+|[。！？；]/).pop() ?? '';
  return OTHERS_BEFORE.test(sentence);
}

/** The most frequent of the candidates, the first one on a tie. */
function mostFrequent(candidates: string[]): string {
  const counts = new Map<string, number>();
  for (const c of candidates) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best = '';
  for (const [name, n] of counts) if (n > (counts.get(best) ?? 0)) best = name;
  return best;
}

/** The company's Chinese name ("宁波明亮宠物用品有限公司"), or ''. */
export function chineseCompanyName(text: string): string {
  const found: string[] = [];
  for (const line of lines(text)) {
    // Each legal form with the name characters before it (at least 2, at most 40), never reaching
    // back into the name found before it. A scan, not a pattern: linear in the line.
    let from = 0;
    for (const form of line.matchAll(ZH_LEGAL_FORM)) {
      if (form.index < from) continue;
      let start = form.index;
      while (start > from && form.index - start < ZH_NAME_MAX && ZH_NAME_CHAR.test(line[start - 1]!)) start--;
      if (form.index - start < 2) continue;
      from = form.index + form[0].length;
      // A match may start inside a sentence: keep the words after the last separator word.
      const name = line
        .slice(start, from)
        .replace(/^.*(?:是|为|欢迎来到|欢迎访问|关于|我司|本公司|简介|来自)/, '');
      if (
        name.length >= 6 &&
        !ZH_NOT_A_NAME.test(name.replace(/(?:股份有限公司|有限责任公司|有限公司|集团)$/, '')) &&
        !someoneElses(line, from - name.length)
      )
        found.push(name);
    }
  }
  return mostFrequent(found).slice(0, PROFILE_TEXT_MAX.company_zh);
}

/** The company's English name ("Ningbo Bright Pet Products Co., Ltd."), or ''. */
export function englishCompanyName(text: string): string {
  const found: string[] = [];
  for (const line of lines(text)) {
    // Each legal form with up to 8 name words before it, the first of them capitalised, never
    // reaching back into the name found before it.
    let from = 0;
    for (const form of line.matchAll(EN_LEGAL_FORM)) {
      if (form.index < from) continue;
      const words = line.slice(from, form.index).split(' ');
      let first = -1;
      for (let k = words.length - 1; k >= 0 && words.length - k <= EN_NAME_WORDS; k--) {
        if (!EN_NAME_WORD.test(words[k]!)) break;
        if (EN_FIRST_WORD.test(words[k]!)) first = k;
      }
      if (first < 0) continue;
      const start = form.index - words.slice(first).join(' ').length;
      from = form.index + form[0].length;
      const name = line.slice(start, from).replace(EN_LEADING, '').trim();
      if (/^[A-Z]/.test(name) && name.split(/\s+/).length >= 2 && !someoneElses(line, from - name.length))
        found.push(name);
    }
  }
  return mostFrequent(found).slice(0, PROFILE_TEXT_MAX.company_en);
}

// ---------------------------------------------------------------------------------------------
// Products

/** Lines that say what the company makes or sells: their products come first, and alone if any. */
const PRODUCT_CUE =
  /主营|主要产品|产品包括|产品有|产品系列|专业生产|专注于|生产和销售|研发、生产|供应|出口|main products?|our products|products? (?:include|range)|product range|we (?:make|manufacture|produce|supply|export|offer)|manufacturer of|specializ(?:e|es|ing) in|specialis(?:e|es|ing) in/i;

/**
 * A clause about goods that are not the company's own to sell: what it buys in (raw materials,
 * parts and their suppliers), what its customers or partners sell or buy, and what is not sold
 * yet. Its products are never claimed ("we buy steel from Baosteel" does not make a steel seller).
 */
const NOT_OURS = new RegExp(
  [
    String.raw`\b(?:we|our factory|the factory)\s+(?:buy|buys|bought|purchase[sd]?|source[sd]?|import(?:s|ed)?|procure[sd]?)\b`,
    String.raw`\b(?:purchased|sourced|bought|imported|supplied)\s+from\b`,
    String.raw`\braw materials?\b|\bmaterials? (?:from|supplied by)\b|\bour suppliers?\b`,
    String.raw`\b(?:our|major|key|main)\s+(?:customers?|clients?|buyers?|partners?|distributors?)\b`,
    String.raw`\bcustomers? (?:include|such as)\b|\bclients? (?:include|such as)\b`,
    String.raw`\bcoming soon\b|\bnot yet available\b|\blaunch(?:ing)? (?:in|next)\b|\bsister company\b`,
    '原材料|原料|采购自|采购于|购自|进口自|供应商为|合作伙伴|合作客户|主要客户|客户包括|客户有|服务客户|即将推出|敬请期待|即将上市|兄弟公司|关联公司',
  ].join('|'),
  'i',
);

/**
 * A line cut into clauses: at stops and semicolons, at Chinese commas (lists take 、), and at
 * English commas before a new clause's subject (lists take commas too).
 */
const clauses = (line: string) =>
  line.split(/(?<=[.;。；!?！？])\s*|，|,\s*(?=(?:we|our|while|but|and we)\b)/i).filter(Boolean);

/**
 * The products the text says the company makes or sells, as taxonomy ids: read with the search's
 * product reader (findProducts, Chinese and English) in the lines that name the company's products;
 * in every line when none does; clauses about goods that are not its own (`NOT_OURS`) left out.
 * Most mentioned first, then in order of appearance.
 */
export function profileProducts(text: string, companyNames: string[] = []): string[] {
  return productsRead(text, companyNames).ids;
}

/** `profileProducts`, with the line each product was first read in (as the file writes it). */
function productsRead(text: string, companyNames: string[]): { ids: string[]; lines: Map<string, string> } {
  // The company's own name is not a product ("宁波明亮宠物用品有限公司" sells pet food, not "宠物用品").
  const names = companyNames.filter(Boolean);
  const all = lines(text).map((line) => ({ line, body: names.reduce((l, n) => l.split(n).join(' '), line) }));
  const cued = all.filter(({ body }) => PRODUCT_CUE.test(body));
  const score = new Map<string, { count: number; first: number; line: string }>();
  let order = 0;
  for (const { line, body } of cued.length ? cued : all) {
    for (const clause of clauses(body)) {
      if (NOT_OURS.test(clause)) continue;
      const found = findProducts(clause);
      // A word read as a misspelt product ("Our products" → petroleum products) is not a claim.
      const guessed = new Set(found.corrected.map((c) => c.id));
      for (const product of found.products.filter((p) => !guessed.has(p.id))) {
        const seen = score.get(product.id);
        if (seen) seen.count++;
        else score.set(product.id, { count: 1, first: order++, line });
      }
    }
  }
  const ids = [...score.entries()]
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
    .map(([id]) => id)
    .slice(0, MAX_PROFILE_PRODUCTS);
  return { ids, lines: new Map(ids.map((id) => [id, score.get(id)!.line])) };
}

// ---------------------------------------------------------------------------------------------
// Strengths and certifications

const STRENGTH_WORDS: Record<Strength, RegExp> = {
  manufacturer:
    /生产厂家|制造商|工厂|厂家|自有工厂|生产基地|\bmanufacturer\b|\bfactory\b|\bwe (?:make|manufacture|produce)\b/i,
  oem_odm: /\bOEM\b|\bODM\b|贴牌|代工/i,
  customization: /定制|订制|\bcustomi[sz]\w*|\btailor[- ]made\b/i,
  private_label: /私人标签|自有品牌定制|\bprivate[- ]label\b/i,
  samples: /样品|寄样|打样|\bsamples?\b/i,
  quality_control:
    /质检|质量检验|品质检验|出货前|全检|质量控制|品控|\bQC\b|\bquality (?:control|inspection)\b|\binspect\w*/i,
  rnd: /研发|\bR&D\b|\bresearch and development\b/i,
  fast_delivery:
    /交货快|交期短|快速交货|快速发货|\bfast delivery\b|\bquick delivery\b|\bshort lead times?\b/i,
  export_experience: /出口|外贸|\bexport\w*/i,
};

/** The selling points the text states, in the order of STRENGTHS. */
export function profileStrengths(text: string): Strength[] {
  // Contact lines name jobs ("Export Manager"), not what the company offers.
  const body = lines(text)
    .filter((line) => !CONTACT_LINE.test(line))
    .join('\n');
  return (Object.keys(STRENGTH_WORDS) as Strength[]).filter((key) => STRENGTH_WORDS[key].test(body));
}

/** Lines of contact details: a person, a title, numbers, addresses. */
const CONTACT_LINE =
  /联系人|职位|职务|电话|手机|微信|邮箱|地址|传真|\b(?:Contact|Title|Position|Tel|Phone|Mobile|Fax|E-?mail|WhatsApp|WeChat|Address)\b/i;

/** How each certification is written in the wild (case matters for the short ones: "CE", not "ce"). */
const CERTIFICATION_PATTERNS: Record<Certification, RegExp> = Object.fromEntries(
  CERTIFICATIONS.map((name) => {
    const special: Partial<Record<Certification, RegExp>> = {
      TÜV: /\bT[ÜU]V\b/i,
      'OEKO-TEX': /\bOEKO[- ]?TEX\b/i,
      'IATF 16949': /\bIATF\s?16949\b/i,
      Halal: /\bhalal\b|清真/i,
      Kosher: /\bkosher\b/i,
      SEDEX: /\bSEDEX\b|\bSMETA\b/i,
      BRC: /\bBRC(?:GS)?\b/i,
    };
    if (special[name]) return [name, special[name]];
    if (name.startsWith('ISO ')) return [name, new RegExp(`\\bISO\\s?${name.slice(4)}\\b`, 'i')];
    // Short marks only in capitals (RoHS as written), bounded by anything but a Latin letter.
    return [name, new RegExp(`(?<![A-Za-z])${name}(?![A-Za-z])`)];
  }),
) as Record<Certification, RegExp>;

/** The certifications the text names, in the order of CERTIFICATIONS. */
export function profileCertifications(text: string): Certification[] {
  return CERTIFICATIONS.filter((name) => CERTIFICATION_PATTERNS[name].test(text));
}

// ---------------------------------------------------------------------------------------------
// Minimum order, website, contact lines

const UNIT_WORDS: [RegExp, MoqUnit][] = [
  [/^(?:pcs|pieces?|units?|stück|stk|件|个|只|台|条|支|把|块|张)$/i, 'piece'],
  [/^(?:sets?|套)$/i, 'set'],
  [/^(?:pairs?|双|对)$/i, 'pair'],
  [/^(?:cartons?|ctns?|boxes|箱)$/i, 'carton'],
  [/^(?:kgs?|kilograms?|kilos?|千克|公斤)$/i, 'kg'],
  [/^(?:tons?|tonnes?|mt|吨)$/i, 'ton'],
  [/^(?:meters?|metres?|m|米)$/i, 'meter'],
];
/** Read on collapsed text (readProfile): at most one space between the parts. */
const MOQ =
  /(?:\bM\.?O\.?Q\b\.?|\bmin(?:imum|\.)? order(?: (?:qty|quantity))?|最小起订量|最低起订量|最小订单量|最小订购量|最低订购量|起订数量|起订量|起订)(?: ?\([^)]{0,20}\))?(?: ?(?:per|for each|each|\/) ?[A-Za-z]+)?\s?(?:is|of|:|：|为|是)?\s?(\d[\d,]*)\s?(pcs|pieces?|units?|stück|stk|sets?|pairs?|cartons?|ctns?|boxes|kgs?|kilograms?|kilos?|tons?|tonnes?|mt|meters?|metres?|m|件|个|只|台|条|支|把|块|张|套|双|对|箱|千克|公斤|吨|米)(?![A-Za-z])/i;

/** The minimum order quantity the text states, or null. */
export function profileMoq(text: string): ProfileValues['moq'] {
  const match = MOQ.exec(text);
  return match ? moqOf(match) : null;
}

/** Every minimum order the text states, with where each starts. */
function moqStatements(text: string): { moq: NonNullable<ProfileValues['moq']>; at: number }[] {
  return [...text.matchAll(MOQ_ALL)].flatMap((match) => {
    const moq = moqOf(match);
    return moq ? [{ moq, at: match.index }] : [];
  });
}

const MOQ_ALL = new RegExp(MOQ.source, 'gi');

function moqOf(match: RegExpMatchArray): ProfileValues['moq'] {
  const quantity = Number(match[1]!.replace(/,/g, ''));
  const unit = UNIT_WORDS.find(([words]) => words.test(match[2]!))?.[1];
  return unit && Number.isInteger(quantity) && quantity >= 1 && quantity <= 100_000_000
    ? { quantity, unit }
    : null;
}

/**
 * A run of the characters a web address is written with: read apart by WEB_PARTS (its scheme, a
 * host name with a dot, a path), whose last label is checked apart.
 */
const WEB_RUN = /(?:https?:\/\/)?[\w\-./@]+/gi;
const WEB_PARTS = /^(https?:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)(\/[\w\-./]*)?/i;
/** The last label of a host: 2 to 24 letters. */
const TOP_LEVEL = /^[a-z]{2,24}$/i;
/** A website label just before an address ("网址：", "Website: "), on collapsed text. */
const WEBSITE_LABEL = /(?:网址|网站|官网|website|web|site|url)\s?[:：]?\s?$/i;

/** The address a match writes: the host cut after its last all-letter label (which then ends it). */
function webAddress(match: RegExpMatchArray): string | null {
  const labels = match[2]!.split('.');
  let path = match[3] ?? '';
  while (labels.length > 1 && !TOP_LEVEL.test(labels.at(-1)!)) {
    labels.pop();
    path = '';
  }
  return labels.length > 1 ? trimEndOf(`${match[1] ?? ''}${labels.join('.')}${path}`, '.,/') : null;
}

/** The company's website (the first one written, not a mail domain), or ''. */
export function profileWebsite(text: string): string {
  for (const run of text.matchAll(WEB_RUN)) {
    // An address starts the run (a mail address's domain after its @ is not the website).
    const match = run[0].includes('@') ? null : WEB_PARTS.exec(run[0]);
    if (!match) continue;
    match.index = run.index;
    const candidate = webAddress(match);
    if (!candidate) continue;
    const explicit = /^(?:https?:\/\/|www\.)/i.test(candidate);
    // A bare "brightpet.cn" counts only after a website label; "Co.Ltd" and file names never.
    const labelled = WEBSITE_LABEL.test(text.slice(Math.max(0, match.index - 12), match.index));
    if ((explicit || labelled) && isWebsite(candidate)) return candidate;
  }
  return '';
}

// Read on collapsed text (readProfile): at most one space between a label and its value.
const NUMBER = String.raw`(\+?\d[\d ()-]*\d)`;
const PHONE = new RegExp(
  String.raw`(?:电话|手机|联系电话|座机|Tel(?:ephone)?|Phone|Mobile|Mob|Cell)\.?\s?(?:No\.?\s?)?[:：]?\s?${NUMBER}`,
  'i',
);
const WHATSAPP = new RegExp(String.raw`WhatsApp\s?(?:No\.?\s?)?[:：/]?\s?${NUMBER}`, 'i');
const WECHAT = /(?:微信号?|WeChat(?: ?ID)?)\s?[:：]?\s?(\+?\d[\d ()-]*\d|[A-Za-z][A-Za-z0-9_-]{5,})/i;
/** The longest number read (24 characters); a longer run is cut there. */
const NUMBER_MAX = 24;

/** A number as written, cut at NUMBER_MAX characters and at its last digit. */
function cutNumber(value: string): string {
  let end = Math.min(value.length, NUMBER_MAX);
  while (end > 0 && !/\d/.test(value[end - 1]!)) end--;
  return value.slice(0, end);
}

/** The first number after a label, tidied, when it is a plausible phone number. */
function numberAfter(pattern: RegExp, text: string): string {
  const value = cutNumber(pattern.exec(text)?.[1] ?? '').trim();
  return isPhone(value) ? value : '';
}

/** Common job titles, Chinese and English: a title found in one language is filled in the other. */
export const TITLES: [zh: string, en: string][] = [
  ['外贸销售经理', 'Export Sales Manager'],
  ['外贸经理', 'Export Manager'],
  ['外贸业务员', 'Export Sales Representative'],
  ['销售总监', 'Sales Director'],
  ['销售经理', 'Sales Manager'],
  ['市场经理', 'Marketing Manager'],
  ['业务经理', 'Business Manager'],
  ['客户经理', 'Account Manager'],
  ['采购经理', 'Purchasing Manager'],
  ['副总经理', 'Deputy General Manager'],
  ['总经理', 'General Manager'],
  ['董事长', 'Chairman'],
  ['总裁', 'President'],
  ['销售代表', 'Sales Representative'],
  ['业务员', 'Sales Representative'],
];

/** A label a contact person's name follows ("联系人：", "Contact person:", "Attn:"). */
const CONTACT_LABEL =
  /(?:联\s?系\s?人|负\s?责\s?人|姓\s?名|\bcontact(?:\s+person)?|\bsales\s+contact|(?<!(?:product|company|brand|model|item|file|user)\s?)\bname|\battn\.?)\s*[:：]\s*/i;
/** An English job title, with up to three words before its head ("Overseas Sales Manager"). */
const EN_TITLE =
  /\b(?:(?:Senior|Chief|Overseas|International|Foreign|Export|Import|Global|Regional|Area|Key|Sales|Marketing|Business|Account|Purchasing|Product|Project|General|Deputy|Vice|Managing|Operations|Customer|Technical|Quality|Trade|Executive|Assistant)\s+){0,3}(?:Manager|Director|Representative|Executive|Officer|Engineer|Specialist|Coordinator|President|Supervisor|Consultant)\b|\b(?:CEO|Founder|Owner|Chairman)\b/;
/** A Chinese job title: a known one, or words ending in a title's head. */
const ZH_TITLE = /[\u4e00-\u9fa5]{0,4}(?:经理|总监|主管|总裁|董事长|代表|专员|业务员)/;
/** Words of a title or a label, never of a name. */
const NOT_NAME_WORD =
  /^(?:Manager|Director|Sales|Export|Import|Overseas|International|Marketing|Business|Account|Purchasing|General|Deputy|Vice|President|Representative|Executive|Officer|Contact|Person|Name|Tel|Phone|Mobile|Email|E-mail|Website|Address|Company|Factory|Dept|Department|Team|Office|Customer|Service|Our|The|We|Best|Regards|Thanks|Dear|Welcome|Limited|Ltd|Co|Inc|Group|Trading|Industrial|Technology|Products)$/i;
/**
 * An English name: two or three capitalised words (any case after the first letter), an honorific
 * dropped. Read on collapsed lines (one space between words), starting only where a word starts.
 */
const EN_NAME =
  /(?<![A-Za-z'-])(?:(?:Mr|Mrs|Ms|Miss|Dr)\.? ?)?([A-Z][A-Za-z'-]+(?: [A-Z][A-Za-z'-]+){1,2})(?![A-Za-z'-])/g;

/** The English name in a piece of text, its words in title case when written in capitals. */
function englishName(text: string): string {
  for (const match of text.matchAll(EN_NAME)) {
    const words = match[1]!.split(/\s/);
    if (words.some((word) => NOT_NAME_WORD.test(word))) continue;
    return words
      .map((word) => (word === word.toUpperCase() ? word.charAt(0) + word.slice(1).toLowerCase() : word))
      .join(' ');
  }
  return '';
}

/** The Chinese name at the start of a piece of text: two to four characters that are no title. */
function chineseName(text: string): string {
  const name = /^([\u4e00-\u9fa5]{2,4})(?![\u4e00-\u9fa5])/.exec(text.trim())?.[1] ?? '';
  return name && !ZH_TITLE.test(name) && !TITLES.some(([t]) => name.startsWith(t)) ? name : '';
}

/** The titles a line states, in both languages where a known title pairs them. */
function titlesIn(line: string): { title_zh: string; title_en: string } {
  const known = TITLES.find(([zh]) => line.includes(zh));
  const title_en = EN_TITLE.exec(line)?.[0] ?? '';
  const title_zh = known?.[0] ?? ZH_TITLE.exec(line)?.[0] ?? '';
  // A known title in one language gives its other: 销售经理 is a Sales Manager.
  const pair = TITLES.find(([z, e]) => z === title_zh || e.toLowerCase() === title_en.toLowerCase());
  return { title_zh: title_zh || (pair?.[0] ?? ''), title_en: title_en || (pair?.[1] ?? '') };
}

/**
 * The contact person's names and title: after a contact label ("联系人：王芳（外贸经理）", "Contact
 * person: Mr. Li Wei, Sales Manager"), else after a title written as a label ("Export Manager:
 * Jason Wu"), else from a signature (a line that is a name, with its title on it or on the next
 * line). The first person found; nothing is guessed from a name without one of these.
 */
export function contactPerson(
  text: string,
): Pick<ProfileValues, 'name_zh' | 'name_en' | 'title_zh' | 'title_en'> {
  const all = lines(text);
  const found = (name_zh: string, name_en: string, titleLine: string) => ({
    name_zh,
    name_en,
    ...titlesIn(titleLine),
  });
  for (const [i, line] of all.entries()) {
    const label = CONTACT_LABEL.exec(line);
    if (!label) continue;
    const after = line.slice(label.index + label[0].length);
    const name_zh =
      chineseName(after) || chineseName(/[（(]([\u4e00-\u9fa5]{2,4})[)）]/.exec(after)?.[1] ?? '');
    const name_en = englishName(after);
    if (name_zh || name_en) {
      const position = all.slice(i, i + 3).find((l) => /职位|职务|Title\s*[:：]|Position\s*[:：]/i.test(l));
      return found(
        name_zh,
        name_en,
        position ?? (EN_TITLE.test(after) || ZH_TITLE.test(after) ? after : (all[i + 1] ?? '')),
      );
    }
  }
  for (const line of all) {
    // A title used as a label: all that comes before the colon is a title.
    const colon = line.search(/[:：]/);
    const label = line.slice(0, Math.max(colon, 0)).trim();
    const isTitle = (found: RegExpExecArray | null) => found?.[0] === label;
    if (colon < 0 || !(isTitle(EN_TITLE.exec(label)) || isTitle(ZH_TITLE.exec(label)))) continue;
    const rest = line.slice(colon + 1).trim();
    const name_zh = chineseName(rest);
    const name_en = englishName(rest);
    if (name_zh || name_en) return found(name_zh, name_en, line);
  }
  for (const [i, line] of all.entries()) {
    // A signature: the name alone on its line, or with its title after a comma, dash or bar.
    const [head, tail = ''] = line.split(/ ?[,，|｜/] ?| [-–] /, 2);
    const name_en = englishName(head!) === head ? head! : '';
    const name_zh = chineseName(head!) === head ? head! : '';
    if (!name_en && !name_zh) continue;
    const titleLine = EN_TITLE.test(tail) || ZH_TITLE.test(tail) ? tail : (all[i + 1] ?? '');
    if (EN_TITLE.test(titleLine) || ZH_TITLE.test(titleLine)) {
      if (titleLine !== tail && titleLine.length > 60) continue;
      return found(name_zh, name_en, titleLine);
    }
  }
  return { name_zh: '', name_en: '', title_zh: '', title_en: '' };
}

/**
 * The seller profile the built-in reader finds in the text of the company files: names, products
 * (taxonomy ids), selling points, certifications, minimum order, website and the contact person's
 * signature. Only what the text states; nothing is guessed. The LLM reader (llm.ts) improves on it.
 */
export function readProfile(written: string): ProfileValues {
  return readProfileFacts(written).values;
}

/** `readProfile`, with the line of the text each fact was read in (`profileSources`). */
export function readProfileFacts(written: string): { values: ProfileValues; sources: ProfileSources } {
  const text = collapseSpaces(written);
  const wechatWritten = WECHAT.exec(text)?.[1]?.trim() ?? '';
  // An id is at most 20 characters; a number is cut as phone numbers are.
  const wechat = /^[A-Za-z]/.test(wechatWritten) ? wechatWritten.slice(0, 20) : cutNumber(wechatWritten);
  const company_zh = chineseCompanyName(text);
  const company_en = englishCompanyName(text);
  const products = productsRead(text, [company_zh, company_en]);
  // A Chinese text states facts in Chinese only: the English name is read where it is written.
  const values: ProfileValues = {
    company_zh,
    company_en,
    products: products.ids,
    strengths: profileStrengths(text),
    certifications: profileCertifications(text),
    moq: profileMoq(text),
    website: profileWebsite(text),
    ...contactPerson(text),
    phone: numberAfter(PHONE, text),
    wechat: isWechat(wechat) ? wechat : '',
    whatsapp: numberAfter(WHATSAPP, text),
  };
  return { values, sources: profileSources(text, values, products.lines) };
}

/** The longest quote of a source line; a longer line is cut around the fact. */
export const SOURCE_MAX_CHARS = 160;

/** The line cut to SOURCE_MAX_CHARS around `at` (the fact's place in it), with "…" where cut. */
function quote(line: string, at = 0, length = 0): string {
  const chars = [...line];
  if (chars.length <= SOURCE_MAX_CHARS) return line;
  const start = Math.max(
    0,
    Math.min(at - Math.floor((SOURCE_MAX_CHARS - length) / 2), chars.length - SOURCE_MAX_CHARS),
  );
  const cut = chars.slice(start, start + SOURCE_MAX_CHARS - 2).join('');
  return `${start > 0 ? '…' : ''}${cut}${start + SOURCE_MAX_CHARS - 2 < chars.length ? '…' : ''}`;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The first line holding `value` (case aside), quoted around it; '' when no line does. */
function lineWith(all: string[], value: string): string {
  const wanted = value.toLowerCase();
  if (!wanted) return '';
  for (const line of all) {
    const at = line.toLowerCase().indexOf(wanted);
    if (at >= 0) return quote(line, [...line.slice(0, at)].length, [...value].length);
  }
  return '';
}

/** The first line whose digits hold the number's (however it spaces them), quoted. */
function lineWithNumber(all: string[], value: string): string {
  const wanted = digitsOf(value);
  if (wanted.length < 3) return lineWith(all, value);
  const line = all.find((l) => digitsOf(l).includes(wanted));
  return line ? quote(line, line.search(/\d/)) : '';
}

/** The first line a pattern matches, quoted around the match. */
function lineMatching(all: string[], pattern: RegExp, skip?: RegExp): string {
  for (const line of all) {
    if (skip?.test(line)) continue;
    const match = pattern.exec(line);
    if (match) return quote(line, [...line.slice(0, match.index)].length, [...match[0]].length);
  }
  return '';
}

/**
 * Where the text states each fact of `values`: a one-value field in the first line that holds it
 * (numbers by their digits), a certification or selling point in the first line that names it, the
 * minimum order in a line stating that quantity, a product in the line it was read in
 * (`productLines`, from the built-in reader) or else the first line naming it. Also every other
 * minimum order the text states (a conflict for the user to settle). Works for any reading (the
 * LLM's too): a fact no line holds gets no source.
 */
export function profileSources(
  written: string,
  values: ProfileValues,
  productLines: ReadonlyMap<string, string> = new Map(),
): ProfileSources {
  const all = lines(written);
  const fields: ProfileSources['fields'] = {};
  for (const field of [
    'company_zh',
    'company_en',
    'website',
    'name_zh',
    'name_en',
    'title_zh',
    'title_en',
  ] as const) {
    const line = lineWith(all, values[field]);
    if (line) fields[field] = line;
  }
  for (const field of ['phone', 'whatsapp'] as const) {
    const line = lineWithNumber(all, values[field]);
    if (line) fields[field] = line;
  }
  const wechat = /^[A-Za-z]/.test(values.wechat)
    ? lineWith(all, values.wechat)
    : lineWithNumber(all, values.wechat);
  if (wechat) fields.wechat = wechat;

  const other_moq: string[] = [];
  if (values.moq) {
    const stated = all.flatMap((line) => moqStatements(line).map(({ moq, at }) => ({ line, moq, at })));
    const isRead = (moq: NonNullable<ProfileValues['moq']>) =>
      moq.quantity === values.moq!.quantity && moq.unit === values.moq!.unit;
    const same = stated.find(({ moq }) => isRead(moq));
    const line = same
      ? quote(same.line, [...same.line.slice(0, same.at)].length)
      : lineWithNumber(all, String(values.moq.quantity));
    if (line) fields.moq = line;
    for (const { line: other, moq, at } of stated) {
      const quoted = quote(other, [...other.slice(0, at)].length);
      if (!isRead(moq) && other_moq.length < 5 && !other_moq.includes(quoted)) other_moq.push(quoted);
    }
  }

  const products: Record<string, string> = {};
  for (const id of values.products) {
    const read = productLines.get(id);
    const product = PRODUCT_BY_ID.get(id);
    const named = product ? [product.zh, product.en, ...product.synonyms_zh, ...product.synonyms_en] : [];
    // Quoted around the product's name, so a long line still shows it.
    const naming = (lines: string[]) => named.map((name) => lineWith(lines, name)).find(Boolean);
    const line = read ? (naming([read]) ?? quote(read)) : (naming(all) ?? '');
    if (line) products[id] = line;
  }
  const certifications: ProfileSources['certifications'] = {};
  for (const name of values.certifications) {
    const line = lineMatching(all, CERTIFICATION_PATTERNS[name]);
    if (line) certifications[name] = line;
  }
  const strengths: ProfileSources['strengths'] = {};
  for (const key of values.strengths) {
    const line = lineMatching(all, STRENGTH_WORDS[key], CONTACT_LINE);
    if (line) strengths[key] = line;
  }
  return { fields, products, strengths, certifications, other_moq };
}

/** Whether the text is mostly Chinese (a profile read from it has no English sentences to quote). */
export function isChineseText(text: string): boolean {
  return CJK.test(text);
}
