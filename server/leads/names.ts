import { readFileSync } from 'node:fs';
import {
  Faker,
  base,
  cs_CZ,
  da,
  de,
  de_AT,
  de_CH,
  el,
  en,
  en_AU,
  en_HK,
  en_IN,
  en_NG,
  en_ZA,
  es,
  es_MX,
  fi,
  fr,
  id_ID,
  it,
  ko,
  nb_NO,
  nl,
  nl_BE,
  pl,
  pt_BR,
  pt_PT,
  ro,
  ru,
  sv,
  tr,
  vi,
  type LocaleDefinition,
} from '@faker-js/faker';

/**
 * The demo's people are named as people of their company's country are (issue 35: no "Hiroshi
 * Johansson, CEO" of a Hamburg firm), from @faker-js/faker's locale for that country. Names are
 * written in Latin letters, as the cards and the outreach emails (English, German, Spanish, French)
 * address them and as the named address `first.last@` spells them: faker's Russian and Greek names
 * are transliterated letter by letter and its Korean ones romanized (Revised Romanization, the
 * customary spelling of a surname); for the countries whose names faker writes only in another
 * script (Japanese, Thai, Arabic, Hebrew, Urdu) or does not have, data/person-names.json gives
 * Latin-script names in the same shape, and faker picks from them alike.
 */

type PersonDefinitions = NonNullable<LocaleDefinition['person']>;
const OWN = JSON.parse(readFileSync(new URL('./data/person-names.json', import.meta.url), 'utf8')) as Record<
  string,
  PersonDefinitions | string
>;
const own = (iso2: string): LocaleDefinition => ({ person: OWN[iso2] as PersonDefinitions });

/**
 * Each demo country's names: faker's locale for it (server/leads/data/countries.json lists the
 * countries), or a list of them when the first lacks given names.
 */
export const NAME_LOCALES: Readonly<Record<string, LocaleDefinition | LocaleDefinition[]>> = {
  DE: de,
  AT: de_AT,
  CH: de_CH,
  US: en,
  CA: en,
  GB: en,
  IE: en,
  AU: en_AU,
  NZ: en_AU,
  IN: en_IN,
  NG: en_NG,
  ZA: en_ZA,
  // Singapore: Chinese surnames in their local romanization with English given names, as en_HK has.
  SG: [en_HK, en],
  FR: fr,
  IT: it,
  ES: es,
  MX: es_MX,
  AR: es,
  CL: es,
  CO: es,
  PE: es,
  PT: pt_PT,
  BR: pt_BR,
  NL: nl,
  BE: nl_BE,
  PL: pl,
  CZ: cs_CZ,
  RO: ro,
  TR: tr,
  SE: sv,
  NO: nb_NO,
  DK: da,
  FI: fi,
  GR: el,
  RU: ru,
  KR: ko,
  VN: vi,
  ID: id_ID,
  ...Object.fromEntries(
    Object.keys(OWN)
      .filter((iso2) => iso2 !== 'about')
      .map((iso2) => [iso2, own(iso2)]),
  ),
};

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}; // prettier-ignore
const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps',
  ω: 'o',
}; // prettier-ignore
/** Greek letter pairs written as one sound (ELOT 743). */
const GREEK_PAIRS: [RegExp, string][] = [
  [/ου/g, 'ou'],
  [/αυ/g, 'av'],
  [/ευ/g, 'ev'],
  [/γγ/g, 'ng'],
  [/^μπ/, 'b'],
  [/^ντ/, 'd'],
];

const HANGUL_INITIAL = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];
const HANGUL_VOWEL = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
const HANGUL_FINAL = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't']; // prettier-ignore
/** Korean surnames as their bearers spell them (Revised Romanization would write 김 Gim, 이 I). */
const KOREAN_SURNAMES: Record<string, string> = {
  김: 'Kim', 이: 'Lee', 박: 'Park', 최: 'Choi', 정: 'Jung', 강: 'Kang', 조: 'Cho', 윤: 'Yoon',
  장: 'Jang', 임: 'Lim', 한: 'Han', 오: 'Oh', 서: 'Seo', 신: 'Shin', 권: 'Kwon', 황: 'Hwang',
  안: 'Ahn', 송: 'Song', 류: 'Ryu', 유: 'Yoo', 홍: 'Hong', 전: 'Jeon', 고: 'Ko', 문: 'Moon',
  양: 'Yang', 손: 'Son', 배: 'Bae', 백: 'Baek', 허: 'Heo', 노: 'Noh', 심: 'Shim', 구: 'Koo',
  곽: 'Kwak', 성: 'Sung', 차: 'Cha', 주: 'Joo', 우: 'Woo', 진: 'Jin', 지: 'Ji', 현: 'Hyun',
  변: 'Byun', 추: 'Choo', 명: 'Myung', 기: 'Ki', 금: 'Keum', 국: 'Kook',
}; // prettier-ignore

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A Hangul name in Revised Romanization, syllable by syllable ("민서" → "Minseo"). */
function romanizeHangul(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)! - 0xac00;
    if (code < 0 || code > 11171) {
      out += char;
      continue;
    }
    const initial = HANGUL_INITIAL[Math.floor(code / 588)]!;
    out += initial + HANGUL_VOWEL[Math.floor((code % 588) / 28)]! + HANGUL_FINAL[code % 28]!;
  }
  return capitalized(out);
}

/**
 * A name in Latin letters: Latin-script names as they are (accents kept), Cyrillic and Greek
 * letter by letter, Hangul by Revised Romanization (a surname as its bearers spell it).
 */
export function inLatin(name: string, part: 'first' | 'last'): string {
  if (/[\uac00-\ud7a3]/.test(name))
    return part === 'last' && KOREAN_SURNAMES[name] ? KOREAN_SURNAMES[name] : romanizeHangul(name);
  if (/[\u0400-\u04ff]/.test(name))
    return capitalized([...name.toLowerCase()].map((char) => CYRILLIC[char] ?? char).join(''));
  if (/[\u0370-\u03ff]/.test(name)) {
    let lower = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const [pair, latin] of GREEK_PAIRS) lower = lower.replace(pair, latin);
    return capitalized([...lower].map((char) => GREEK[char] ?? char).join(''));
  }
  return name;
}

/** Letters an ASCII address spells otherwise (the rest lose their accents). */
const ASCII: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
  ð: 'd',
};
/** Words of a surname that stay with the next in an address ("van der Meulen" → vandermeulen). */
const PARTICLES = new Set(['van', 'der', 'den', 'de', 'von', 'da', 'dos', 'das', 'di', 'del', 'la', 'le', 'el', 'al', 'abdel', 'abu', 'ben', 'dela']); // prettier-ignore
/** Words of a name an address leaves out ("Ahmad bin Ismail" → ahmad.ismail). */
const DROPPED = new Set(['bin', 'binti']);

const ascii = (word: string) =>
  [...word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')]
    .map((char) => ASCII[char] ?? char)
    .join('')
    .replace(/[^a-z0-9-]/g, '');

/**
 * The local part of a person's address: the first given name and the surname (its leading
 * particles kept, a second surname left out), in ASCII. `José María` `García López` → jose.garcia.
 */
export function addressOf(first: string, last: string): string {
  const given = ascii(first.split(' ')[0]!);
  const words = last.split(' ').filter((word) => !DROPPED.has(word.toLowerCase()));
  let family = '';
  for (const word of words) {
    family += ascii(word);
    if (!PARTICLES.has(word.toLowerCase())) break;
  }
  return `${given}.${family}`;
}

/** A faker per country, made once; no fallback to English names, so a gap fails loudly. */
const fakers = new Map<string, Faker>();
const fakerOf = (iso2: string) => {
  let faker = fakers.get(iso2);
  if (faker) return faker;
  const locale = NAME_LOCALES[iso2];
  if (!locale) throw new Error(`No names for the demo country ${iso2} (server/leads/names.ts)`);
  faker = new Faker({ locale: [...[locale].flat(), base] });
  fakers.set(iso2, faker);
  return faker;
};

/** Polish surnames agree with a woman (Domański → Domańska). */
const feminine = (iso2: string, last: string) =>
  iso2 === 'PL' ? last.replace(/(sk|ck|dzk)i$/, '$1a') : last;
/** Whether a surname fits the person: no stray lower-case word, a Greek one in the person's gender. */
const fits = (iso2: string, last: string, sex: 'female' | 'male') =>
  last.split(/[ -]/).every((word) => !/^\p{Ll}/u.test(word) || PARTICLES.has(word) || DROPPED.has(word)) &&
  (iso2 !== 'GR' || /ς$/.test(last) === (sex === 'male'));

/** A person's name at a company in `iso2`, and their address's local part. */
export interface DemoName {
  name: string;
  local: string;
}

/**
 * A name for someone at a company in country `iso2`, the same for the same `seed` on every machine
 * (faker is seeded with it; the demo's own random stream gives the seed).
 * @example demoName('DE', [12, 34]) // { name: 'Jürgen Weber', local: 'jurgen.weber' } (say)
 */
export function demoName(iso2: string, seed: number[]): DemoName {
  const faker = fakerOf(iso2);
  faker.seed(seed);
  for (let attempt = 0; ; attempt++) {
    const sex = faker.person.sexType() === 'female' ? 'female' : 'male';
    const first = inLatin(faker.person.firstName(sex), 'first');
    const last = faker.person.lastName(sex);
    if (attempt < 20 && !fits(iso2, last, sex)) continue;
    const family = inLatin(sex === 'female' ? feminine(iso2, last) : last, 'last');
    return { name: `${first} ${family}`, local: addressOf(first, family) };
  }
}

/**
 * Given names borne by women and men alike in the countries we write to, which a locale may list
 * one way only (faker's Italian lists Nicola as a man's name; in Britain and Germany it is a
 * woman's): never read as either.
 */
const UNISEX = new Set(
  'alex chris sam charlie jordan taylor jamie kelly leslie robin toni kim kai eike luca nicola sascha mika noa maxime dominique claude camille andrea simone daniele gabriele michele jean ashley morgan'.split(
    ' ',
  ),
);

let sexes: Map<string, number> | null = null;
const FEMALE = 1;
const MALE = 2;

/**
 * Whether a given name is a woman's or a man's: 'female' or 'male' when every locale of
 * NAME_LOCALES that lists it (faker's female and male given names, and data/person-names.json)
 * lists it that way only, null when any lists it both ways or none lists it. For a German letter's
 * greeting ("Guten Tag Frau Bianchi"), which must not guess: Andrea is a woman's name in German and
 * a man's in Italian, so it is null.
 * @example givenNameSex('Anna') // 'female'
 */
export function givenNameSex(given: string): 'female' | 'male' | null {
  if (!sexes) {
    sexes = new Map();
    const add = (names: readonly string[] | undefined, bit: number) => {
      for (const name of names ?? []) {
        const key = inLatin(name, 'first').normalize('NFC').toLowerCase();
        sexes!.set(key, (sexes!.get(key) ?? 0) | bit);
      }
    };
    for (const locales of Object.values(NAME_LOCALES))
      for (const locale of [locales].flat()) {
        const first = locale.person?.first_name as { female?: string[]; male?: string[] } | undefined;
        add(first?.female, FEMALE);
        add(first?.male, MALE);
      }
  }
  const key = given.normalize('NFC').toLowerCase();
  if (UNISEX.has(key)) return null;
  const bits = sexes.get(key);
  return bits === FEMALE ? 'female' : bits === MALE ? 'male' : null;
}
