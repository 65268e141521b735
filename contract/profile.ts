/**
 * The seller profile (issue 15): what an outreach email may say about the user's own company.
 * Plain TypeScript importing nothing, because the profile page checks its fields with these rules
 * before asking the server, which applies the same ones (contract/schemas.ts).
 */

/**
 * Selling points the built-in writer can say in every email language from one key, so a profile
 * written in Chinese still yields an English, German or Spanish sentence that says the same thing.
 */
export const STRENGTHS = [
  'manufacturer',
  'oem_odm',
  'customization',
  'private_label',
  'samples',
  'quality_control',
  'rnd',
  'fast_delivery',
  'export_experience',
] as const;
export type Strength = (typeof STRENGTHS)[number];

/** Certifications and standards a profile may list, as they are written everywhere. */
export const CERTIFICATIONS = [
  'ISO 9001',
  'ISO 14001',
  'ISO 45001',
  'ISO 13485',
  'ISO 22000',
  'IATF 16949',
  'CE',
  'UKCA',
  'RoHS',
  'REACH',
  'FCC',
  'UL',
  'ETL',
  'CSA',
  'GS',
  'TÜV',
  'CB',
  'SAA',
  'KC',
  'PSE',
  'CCC',
  'FDA',
  'LFGB',
  'BRC',
  'HACCP',
  'GMP',
  'Halal',
  'Kosher',
  'FSC',
  'GOTS',
  'OEKO-TEX',
  'BSCI',
  'SEDEX',
  'SGS',
] as const;
export type Certification = (typeof CERTIFICATIONS)[number];

/** Units of a minimum order quantity; each email language names them (server/outreach/languages.ts). */
export const MOQ_UNITS = ['piece', 'set', 'pair', 'carton', 'kg', 'ton', 'meter'] as const;
export type MoqUnit = (typeof MOQ_UNITS)[number];

/** The profile's fields, as the page edits them and `edited` / `from_files` name them. */
export const PROFILE_FIELDS = [
  'company_zh',
  'company_en',
  'products',
  'strengths',
  'certifications',
  'moq',
  'website',
  'name_zh',
  'name_en',
  'title_zh',
  'title_en',
  'phone',
  'wechat',
  'whatsapp',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The one-line text fields and their longest value. */
export const PROFILE_TEXT_MAX = {
  company_zh: 120,
  company_en: 120,
  name_zh: 60,
  name_en: 60,
  title_zh: 60,
  title_en: 60,
} as const;
export type ProfileTextField = keyof typeof PROFILE_TEXT_MAX;

/** Products a profile may list (ids of the search taxonomy). */
export const MAX_PROFILE_PRODUCTS = 20;
/** The largest minimum order quantity accepted. */
export const MAX_MOQ = 100_000_000;
export const WEBSITE_MAX_LENGTH = 200;

/** Whether a one-line text holds a control character (a line break included). */
function hasControl(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/**
 * A one-line text of the profile: at most `max` characters once trimmed, no line breaks.
 * @example isProfileText('Ningbo Bright Pet Products Co., Ltd.', 120) // true
 */
export function isProfileText(text: string, max: number): boolean {
  return text.trim().length <= max && !hasControl(text);
}

/**
 * A website as people write it: `www.example.com`, `example.com/en` or an http(s) URL; '' for none.
 * @example isWebsite('www.brightpet.cn') // true
 * @example isWebsite('javascript:alert(1)') // false
 */
export function isWebsite(text: string): boolean {
  const value = text.trim();
  if (value === '') return true;
  if (value.length > WEBSITE_MAX_LENGTH || hasControl(value) || /\s/.test(value)) return false;
  // The scheme, host, port and path apart, then the host's labels: no part can take another's text.
  const parts = /^(?:https?:\/\/)?([^/?#:]+)(?::\d{2,5})?(?:[/?#][^\s<>"]*)?$/i.exec(value);
  return parts !== null && /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i.test(parts[1]!);
}

/**
 * A phone or WhatsApp number: digits with spaces, dashes, dots or brackets, an optional leading +;
 * 6 to 20 digits. '' for none.
 * @example isPhone('+86 574 8765 4321') // true
 */
export function isPhone(text: string): boolean {
  const value = text.trim();
  if (value === '') return true;
  if (!/^\+?[0-9(][0-9 ().-]{4,28}[0-9]$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20;
}

/**
 * A WeChat ID (6–20 letters, digits, `_` or `-`, starting with a letter) or a phone number; '' for none.
 * @example isWechat('liwei_brightpet') // true
 */
export function isWechat(text: string): boolean {
  const value = text.trim();
  return value === '' || /^[A-Za-z][A-Za-z0-9_-]{5,19}$/.test(value) || isPhone(value);
}

/**
 * A minimum order quantity: a whole number from 1 to MAX_MOQ.
 * @example isMoqQuantity(500) // true
 */
export function isMoqQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_MOQ;
}
