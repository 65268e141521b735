import isoCountries from 'i18n-iso-countries';
import { boundedCache } from '../../platform/cache.ts';
import { PLACE_BY_ISO2, PLACES } from '../../search/places.ts';
import { findPlaces } from '../../search/understand.ts';

/**
 * How an imported row finds its company (docs/imports.md): contacts by domain, shipments by name
 * and country. Both sides of a comparison go through the same function here.
 */

/**
 * Legal-form words a company name ends (or starts) with: dropped before names are compared, so
 * "ACME TRADING CO LTD" is "Acme Trading Co., Ltd.". Written as they read once dots, slashes and
 * accents are gone (`S.A.` → `sa`, `A/S` → `as`, `A.Ş.` → `as`). `and` ends "GmbH & Co. KG".
 */
const LEGAL_FORMS = new Set(
  (
    'gmbh mbh ag kg ohg ug ek ev se co company corp corporation inc incorporated ltd limited llc llp lp ' +
    'plc pty pte pvt private public sdn bhd tbk pt cv jsc ojsc pjsc ooo zao oao ' +
    'sa sas sarl srl spa sl slu sae sac sab bv nv vof ab as asa aps oy oyj kft zrt doo sro ' +
    'lda ltda eireli me epp dac wll fze fzco fzc fzllc est sti kk gk spzoo santic ' +
    'de rl s a z oo sp and the'
  ).split(' '),
);

/**
 * Legal forms written out, or in several words, as the one short form they stand for: "Joint Stock
 * Company" is JSC, "Sp. z o.o." and "Spółka z ograniczoną odpowiedzialnością" are both sp. z o.o.,
 * "Anonim Şirketi" is A.Ş., "Company Limited" is Ltd. Written as `nameWords` leaves them.
 */
const LONG_FORMS: [RegExp, string][] = (
  [
    ['joint stock company', 'jsc'],
    ['joint stock co', 'jsc'],
    ['spolka z ograniczona odpowiedzialnoscia', 'spzoo'],
    ['sp z o ?o', 'spzoo'],
    ['spolka akcyjna', 'sa'],
    ['anonim sirketi', 'as'],
    ['limited sirketi', 'ltd'],
    // Turkish "Sanayi ve Ticaret" (industry and trade), "San. ve Tic.", goes with the legal form.
    ['san(?:ayi)? ve tic(?:aret)?', 'santic'],
    ['limitada', 'ltda'],
    ['establishment', 'est'],
    ['limited liability company', 'llc'],
    ['l l c', 'llc'],
    ['public (?:co|company) (?:ltd|limited)', 'plc'],
    ['public limited company', 'plc'],
    ['private (?:ltd|limited)', 'pvt'],
    ['pvt ltd', 'pvt'],
    ['(?:co|company) (?:ltd|limited)', 'ltd'],
    ['limited', 'ltd'],
    ['company', 'co'],
    ['corporation', 'corp'],
    ['incorporated', 'inc'],
    ['sociedad anonima', 'sa'],
    ['societe anonyme', 'sa'],
    ['sociedad (?:de responsabilidad )?limitada', 'sl'],
    ['societa a responsabilita limitata', 'srl'],
    ['societa per azioni', 'spa'],
    ['gesellschaft mit beschrankter haftung', 'gmbh'],
    ['aktiengesellschaft', 'ag'],
    ['besloten vennootschap', 'bv'],
    ['naamloze vennootschap', 'nv'],
    ['sendirian berhad', 'sdn bhd'],
  ] as const
).map(([long, short]) => [new RegExp(`(?<=^| )${long}(?= |$)`, 'g'), short]);

/**
 * Legal forms after which a name may go on with its city ("MÜLLER LICHTTECHNIK GMBH STUTTGART",
 * "REDHAWK TIRE & WHEEL LLC HOUSTON"): all but the short words that also start or join names.
 */
const ENDING_FORMS = new Set(
  [...LEGAL_FORMS].filter(
    (form) => !'co and the de s a z oo sp rl me est pt cv se as ab'.split(' ').includes(form),
  ),
);

/** Letters Unicode does not decompose into a base letter and a mark, as they are transliterated. */
const LETTERS: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
  þ: 'th',
};

/**
 * A name's words: lower case, letters such as ł, ø and ß transliterated, accents dropped, NFKC, `&`
 * read as "and", dots, apostrophes and slashes removed, other punctuation a space, and legal forms
 * written out or in several words made their one short form (LONG_FORMS).
 */
function nameWords(name: string): string[] {
  const text = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[łđðøæœßıþ]/g, (letter) => LETTERS[letter]!)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .replaceAll('&', ' and ')
    .replace(/[.'’/]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return LONG_FORMS.reduce((words, [long, short]) => words.replace(long, short), text)
    .split(' ')
    .filter(Boolean);
}

/**
 * A word as names are compared: `ae`, `oe` and `ue` read as the vowel alone, so a German umlaut's
 * transliteration ("Mueller") is the name without its accent ("Müller" → "muller") too.
 */
const folded = (word: string) => word.replace(/([aou])e/g, '$1');

/**
 * A company name as matching compares it: `nameWords`, legal-form words dropped from both ends
 * (with a city written after the legal form), and umlauts' transliterations folded. A name of
 * nothing but legal forms is kept whole.
 * @example companyKey('ACME TRADING CO., LTD.') === companyKey('Acme Trading') // true
 * @example companyKey('MÜLLER LICHTTECHNIK GMBH STUTTGART') === companyKey('Mueller Lichttechnik') // true
 */
export function companyKey(name: string): string {
  return KEYS(name, () => keyOf(name));
}

// An import reads the same names on thousands of rows, and reading one runs some thirty patterns.
const KEYS = boundedCache<string>();
const FULL_KEYS = boundedCache<string>();

function keyOf(name: string): string {
  const words = nameWords(name);
  let start = 0;
  let end = words.length;
  // A city after the legal form: one or two words after a form that ends names, not first.
  const form = words.findLastIndex((word, i) => i > 0 && ENDING_FORMS.has(word));
  if (form > 0 && words.length - form - 1 <= 2 && words.slice(form + 1).every((w) => /^\p{L}+$/u.test(w)))
    end = form + 1;
  while (end > start && LEGAL_FORMS.has(words[end - 1]!)) end--;
  while (start < end && LEGAL_FORMS.has(words[start]!)) start++;
  return (end > start ? words.slice(start, end) : words).map(folded).join(' ');
}

/**
 * A company name normalized like `companyKey` but with its legal form kept (in its short form):
 * tells "Driftmoor AG" from "Driftmoor GmbH" when both are stored.
 * @example fullCompanyKey('DRIFTMOOR A.G.') // 'driftmoor ag'
 */
export function fullCompanyKey(name: string): string {
  return FULL_KEYS(name, () => nameWords(name).map(folded).join(' '));
}

const ISO3 = new Map(PLACES.map((place) => [place.iso3, place.iso2]));

/**
 * The ISO 3166-1 alpha-2 code of a country or territory as exports write it: an ISO2 or ISO3 code
 * (any case), an English name, official ("Korea, Republic of") or everyday ("South Korea", "USA",
 * "UK"), a Chinese name ("德国", "中国台湾"), or a name with its qualifier in brackets or after it
 * ("China (Mainland)", "Korea (South)", "Hong Kong SAR"); null when it is none, or names a region
 * ("Europe") rather than one country.
 * @example countryCode('Viet Nam') // 'VN'; countryCode('Korea (South)') // 'KR'
 */
export function countryCode(value: string): string | null {
  const text = value.normalize('NFKC').trim();
  const direct = oneCountry(text);
  if (direct) return direct;
  // "Korea (South)" is South Korea, "China (Mainland)" China, "Hong Kong SAR" Hong Kong.
  // (Read with indexOf, not a pattern: nothing a file holds may take more than linear time.)
  const open = text.indexOf('(');
  if (open > 0 && text.endsWith(')')) {
    const name = text.slice(0, open).trim();
    const qualifier = text.slice(open + 1, -1).trim();
    return (
      oneCountry(`${qualifier} ${name}`) ??
      oneCountry(`${name}, ${qualifier}`) ??
      (/^mainland$|\bof$/i.test(qualifier) ? oneCountry(name) : null)
    );
  }
  // "Tanzania, United Republic of": the official form's descriptor after the name.
  const described = /^([^,]+),[^,]*\bof$/i.exec(text);
  if (described) return oneCountry(described[1]!);
  const territory = withoutTerritoryWords(text);
  if (territory) return oneCountry(territory);
  // 中国台湾, 中国香港, 中国澳门: the territory after the country it is written under.
  if (/^中国.{2,}/.test(text)) {
    const rest = oneCountry(text.slice(2));
    if (rest && rest !== 'CN') return rest;
  }
  return null;
}

/**
 * "Hong Kong SAR", "Macao S.A.R., China", "Hong Kong Special Administrative Region": the name
 * before those words; null when the text does not end so.
 */
function withoutTerritoryWords(text: string): string | null {
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (words.at(-1)?.toLowerCase() === 'china') words.pop();
  const tail = words.slice(-3).join(' ').toLowerCase();
  if (tail === 'special administrative region') words.splice(-3);
  else if (['sar', 's.a.r.', 's.a.r'].includes(words.at(-1)?.toLowerCase() ?? '')) words.pop();
  else return null;
  return words.length ? words.join(' ') : null;
}

/** `countryCode` of one plain name or code, without reading brackets or prefixes. */
function oneCountry(text: string): string | null {
  if (/^[a-z]{2}$/i.test(text) && PLACE_BY_ISO2.has(text.toUpperCase())) return text.toUpperCase();
  if (/^[a-z]{3}$/i.test(text) && ISO3.has(text.toUpperCase())) return ISO3.get(text.toUpperCase())!;
  const official = isoCountries.getAlpha2Code(text, 'en');
  if (official) return official;
  const found = findPlaces(text);
  if (found.countries.length === 1 && found.regions.length === 0 && found.corrected.length === 0)
    if (found.rest.replace(/[\s,.()-]/g, '') === '') return found.countries[0]!;
  return null;
}

/**
 * The host of a website (`https://www.acme.example/about`, `acme.example`), lower case, without a
 * leading `www.`; null when it is not a host name.
 */
export function hostOf(website: string): string | null {
  const text = website.trim().toLowerCase();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//.test(text) ? text : `http://${text}`);
    const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
    return /^[a-z\d-]+(?:\.[a-z\d-]+)+$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** The domain of an email address, lower case. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Mail services anyone can sign up to: their domain says nothing about a company. */
const WEBMAIL = new Set(
  (
    'gmail.com googlemail.com ymail.com aol.com msn.com icloud.com me.com mac.com proton.me protonmail.com ' +
    'gmx.de gmx.net gmx.com web.de t-online.de mail.ru bk.ru list.ru inbox.ru yandex.ru yandex.com ' +
    'qq.com 163.com 126.com yeah.net sina.com sina.cn sohu.com foxmail.com aliyun.com naver.com hanmail.net ' +
    'daum.net rediffmail.com zoho.com mail.com libero.it orange.fr wanadoo.fr free.fr laposte.net'
  ).split(' '),
);

/** Whether a domain is a public mail service's (gmail.com, yahoo.co.uk, hotmail.de, qq.com, …). */
export function isWebmail(domain: string): boolean {
  return WEBMAIL.has(domain) || /^(?:yahoo|hotmail|outlook|live)\.[a-z.]+$/.test(domain);
}
