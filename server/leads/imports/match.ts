import isoCountries from 'i18n-iso-countries';
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
    'lda ltda eireli me epp dac wll fze fzco fzc fzllc est sti kk gk ' +
    'de rl s a z oo sp and the'
  ).split(' '),
);

/** A name's words: accents dropped, NFKC, lower case, `&` read as "and", dots, apostrophes and slashes removed, other punctuation a space. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[.'’/]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * A company name as matching compares it: accents dropped, NFKC, lower case, `&` read as "and",
 * dots, apostrophes and slashes removed (`S.A.` → `sa`), other punctuation read as a space, spaces
 * collapsed, and legal-form words dropped from both ends. A name of nothing but legal forms is kept whole.
 * @example companyKey('ACME TRADING CO., LTD.') === companyKey('Acme Trading') // true
 */
export function companyKey(name: string): string {
  const words = nameWords(name);
  let start = 0;
  let end = words.length;
  while (end > start && LEGAL_FORMS.has(words[end - 1]!)) end--;
  while (start < end && LEGAL_FORMS.has(words[start]!)) start++;
  return (end > start ? words.slice(start, end) : words).join(' ');
}

/**
 * A company name normalized like `companyKey` but with its legal form kept: tells "Driftmoor AG"
 * from "Driftmoor GmbH" when both are stored.
 * @example fullCompanyKey('DRIFTMOOR A.G.') // 'driftmoor ag'
 */
export function fullCompanyKey(name: string): string {
  return nameWords(name).join(' ');
}

const ISO3 = new Map(PLACES.map((place) => [place.iso3, place.iso2]));

/**
 * The ISO 3166-1 alpha-2 code of a country written as an ISO2 or ISO3 code (any case) or an English
 * name, official ("Korea, Republic of") or everyday ("South Korea", "USA", "UK"); null when it is
 * none, or names a region ("Europe") rather than one country.
 * @example countryCode('Viet Nam') // 'VN'
 */
export function countryCode(value: string): string | null {
  const text = value.normalize('NFKC').trim();
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
