import type { ProductName } from '../../contract/api.ts';
import { isEmailLanguage, type EmailLanguage } from '../../contract/outreach.ts';
import { MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import { COUNTRY_BY_CODE } from '../leads/reference.ts';
import { givenNameSex } from '../leads/names.ts';
import { broaderProducts, PRODUCT_BY_ID } from '../search/products.ts';
import { keyMatches, keyName } from '../search/keys.ts';
import type { ProfileValues } from '../profile/extract.ts';
import { PHRASES } from './phrases.ts';

/** The lead as the writer needs it. */
export interface LeadFacts {
  name: string;
  role: 'buyer' | 'supplier';
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Its product categories, named in both languages (what a supplier is asked to quote). */
  categories: { zh: string; en: string }[];
}

/**
 * Everything an email may say, chosen once and rendered in any language: the seller's own profile
 * (nothing else about the seller) and the lead's name, country and categories. `offer` holds only
 * the profile's products, those that match what the buyer buys first; `fits` is that matching part.
 */
export interface DraftFacts {
  seller: ProfileValues & { offer: ProductName[]; fits: ProductName[] };
  lead: LeadFacts;
}

/** Products offered in one email: a short list reads better than a catalogue. */
const OFFERED = 3;
const CJK = /[\u3400-\u9fff]/;

/** The lead as the writer sees it (server/leads/reference.ts names its categories). */
export function leadFacts(lead: {
  name: string;
  role: 'buyer' | 'supplier';
  country: string;
  categoryIds: number[];
}): LeadFacts {
  return {
    name: lead.name,
    role: lead.role,
    country: lead.country,
    categories: lead.categoryIds
      .flatMap((key) => {
        const zh = keyName(key, 'zh');
        const en = keyName(key, 'en');
        return zh && en ? [{ zh, en }] : [];
      })
      // Category names are written as titles ("Carpets and rugs"): lower-case inside a sentence, not "LED…".
      .map((c) => ({
        zh: c.zh,
        en: /^[A-Z][a-z]/.test(c.en) ? c.en.charAt(0).toLowerCase() + c.en.slice(1) : c.en,
      })),
  };
}

/**
 * The facts of a draft: the profile's products that the buyer's categories deal in (the product or
 * a narrower one) come first, then the others, at most three; a product the profile does not list
 * is never offered.
 */
export function draftFacts(profile: ProfileValues, lead: LeadFacts & { categoryIds: number[] }): DraftFacts {
  const products = profile.products.map((id) => PRODUCT_BY_ID.get(id)).filter((p) => p !== undefined);
  // "Pet food" says less than "cat food" beside it: a broader product is left out when a narrower one is listed.
  const specific = products.filter((p) => !products.some((q) => q !== p && broaderProducts(q).includes(p)));
  const fitting = specific.filter((p) => lead.categoryIds.some((key) => keyMatches(p, key)));
  const rest = specific.filter((p) => !fitting.includes(p));
  const name = (p: (typeof products)[number]): ProductName => ({ id: p.id, zh: p.zh, en: p.en });
  const offer = [...fitting, ...rest].slice(0, OFFERED).map(name);
  return {
    seller: { ...profile, offer, fits: offer.filter((p) => fitting.some((f) => f.id === p.id)) },
    lead: { name: lead.name, role: lead.role, country: lead.country, categories: lead.categories },
  };
}

/**
 * The language a lead is written to by default: its country's language when the writer writes it,
 * Chinese for Chinese-speaking places, else English.
 * @example leadLanguage('DE') // 'de'
 */
export function leadLanguage(country: string): EmailLanguage {
  if (['CN', 'HK', 'MO', 'TW'].includes(country)) return 'zh';
  const spoken = COUNTRY_BY_CODE.get(country)?.language ?? 'en';
  return isEmailLanguage(spoken) ? spoken : 'en';
}

/** A country's name in an email language: ours in Chinese and English, else the runtime's ICU names (German, Spanish, French, and countries outside our list). */
export function countryName(code: string, language: EmailLanguage): string {
  const country = COUNTRY_BY_CODE.get(code);
  if (language === 'zh' && country) return country.zh;
  if (language === 'en' && country) return country.en;
  try {
    return (
      // `zh` is Simplified Chinese in ICU.
      new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code
    );
  } catch {
    return country?.en ?? code;
  }
}

/** Honorifics written before a name, by the sex they say. */
const FEMALE_HONORIFIC = /^(?:Frau|Mrs|Ms|Miss|Sra|Mme|Madame)\.?\s/i;
const MALE_HONORIFIC = /^(?:Herr|Mr|Sr|M|Monsieur)\.?\s/i;
const HONORIFICS = /^(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Sr|Sra|M|Mme|Madame|Monsieur)\.?\s+)+/i;

/** How German, French and Spanish letters address a woman and a man before the family name. */
const FORMS: Partial<Record<EmailLanguage, { female: string; male: string; titles: boolean }>> = {
  de: { female: 'Frau', male: 'Herr', titles: true },
  fr: { female: 'Madame', male: 'Monsieur', titles: false },
  es: { female: 'Sra.', male: 'Sr.', titles: false },
};

/**
 * A German, French or Spanish letter's form of address: "Frau Bianchi", "Herr Dr. Schmidt",
 * "Madame Martin", "Sra. López" when the person is known to be a woman or a man (an honorific
 * written with the name, else a given name that is only ever a woman's or a man's: `givenNameSex`),
 * else the whole name ("Andrea Rossi"), the neutral form that never guesses. German keeps an
 * academic title, as German letters do.
 */
function formalAddress(name: string, bare: string, form: NonNullable<(typeof FORMS)['de']>): string {
  const words = bare.split(' ');
  if (words.length < 2) return bare;
  const sex = FEMALE_HONORIFIC.test(name)
    ? 'female'
    : MALE_HONORIFIC.test(name)
      ? 'male'
      : givenNameSex(words[0]!);
  if (!sex) return bare;
  // The family name: what follows the given names ("Anna Maria Bianchi" → Bianchi).
  let first = 1;
  while (first < words.length - 1 && givenNameSex(words[first]!)) first++;
  const title = !form.titles
    ? ''
    : /(?:^|\s)Prof\.?\s/i.test(name)
      ? 'Prof. '
      : /(?:^|\s)Dr\.?\s/i.test(name)
        ? 'Dr. '
        : '';
  return `${form[sex]} ${title}${words.slice(first).join(' ')}`;
}

/**
 * How a person is greeted: a Chinese, Japanese or Korean name whole; in German, French and
 * Spanish letters formally (`formalAddress`: "Guten Tag Frau Müller", "Bonjour Monsieur Dupont");
 * in English and Chinese letters a Latin-script name by its first name, honorifics dropped.
 * @example greetedName('Dr. Peter Schmidt', 'en') // 'Peter'
 * @example greetedName('Dr. Peter Schmidt', 'de') // 'Herr Dr. Schmidt'
 */
export function greetedName(person: string | null, language: EmailLanguage): string | null {
  const name = person?.replace(/\s+/g, ' ').trim();
  if (!name) return null;
  const bare = name.replace(HONORIFICS, '');
  if (CJK.test(bare)) return bare;
  const form = FORMS[language];
  if (form) return formalAddress(name, bare, form);
  return bare.split(' ')[0] ?? bare;
}

/** The greeting line to `person` (null: a neutral greeting). */
export function greetingLine(language: EmailLanguage, person: string | null): string {
  return PHRASES[language].greeting(greetedName(person, language));
}

/** A product's name in the email's language (the taxonomy names products in Chinese and English). */
const productName = (p: { zh: string; en: string }, language: EmailLanguage) =>
  language === 'zh' ? p.zh : p.en;

/** The seller's company name as the email's language writes it; never a Chinese name in a foreign email. */
export function companyName(seller: ProfileValues, language: EmailLanguage): string | null {
  if (language === 'zh') return seller.company_zh || seller.company_en || null;
  return seller.company_en || null;
}

/** The signature: the closing, the person, title, company, numbers and website that the profile holds. */
export function signature(seller: ProfileValues, language: EmailLanguage): string {
  const phrases = PHRASES[language];
  const zh = language === 'zh';
  const latin = (value: string) => (value && !CJK.test(value) ? value : '');
  const name = zh ? seller.name_zh || seller.name_en : seller.name_en || seller.name_zh;
  const title = zh ? seller.title_zh || seller.title_en : latin(seller.title_en) || latin(seller.title_zh);
  const colon = zh ? '：' : language === 'fr' ? ' : ' : ': ';
  const lines = [
    name,
    title,
    companyName(seller, language),
    seller.phone && `${phrases.labels.phone}${colon}${seller.phone}`,
    seller.whatsapp && `${phrases.labels.whatsapp}${colon}${seller.whatsapp}`,
    seller.wechat && `${phrases.labels.wechat}${colon}${seller.wechat}`,
    seller.website,
  ].filter(Boolean);
  return [phrases.closing, ...(zh ? [''] : []), ...lines].join('\n').replace(/\n$/, '');
}

/** A subject starts with a capital and fits the limit. */
const clip = (text: string) => {
  const subject = text.charAt(0).toUpperCase() + text.slice(1);
  return subject.length <= MAX_SUBJECT_LENGTH ? subject : `${subject.slice(0, MAX_SUBJECT_LENGTH - 1)}…`;
};

/** The first email's subject, which the follow-ups answer. */
export function firstSubject(facts: DraftFacts, language: EmailLanguage): string {
  const phrases = PHRASES[language];
  const { seller, lead } = facts;
  if (lead.role === 'supplier') return clip(phrases.sourcingSubject(sourced(facts, language), lead.name));
  const offer = seller.offer.slice(0, 2).map((p) => productName(p, language));
  return clip(phrases.offerSubject(offer.length ? phrases.list(offer) : null, lead.name));
}

/** What is asked of a supplier: its own categories (at most two), or its products in general. */
function sourced(facts: DraftFacts, language: EmailLanguage): string {
  const names = facts.lead.categories.slice(0, 2).map((c) => productName(c, language));
  return names.length ? PHRASES[language].list(names) : YOUR_PRODUCTS[language];
}
const YOUR_PRODUCTS: Record<EmailLanguage, string> = {
  en: 'your products',
  zh: '贵公司的产品',
  de: 'Ihre Produkte',
  es: 'sus productos',
  fr: 'vos produits',
};

/**
 * One email of a sequence (step 1 is the first email, 2 and 3 the follow-ups) in `language`, from
 * the facts alone: the greeting to `person` (or a neutral one), what the profile says and nothing
 * more, and the profile's signature.
 */
export function writeEmail(
  facts: DraftFacts,
  language: EmailLanguage,
  step: 1 | 2 | 3,
  person: string | null,
): { subject: string; body: string } {
  const phrases = PHRASES[language];
  const { seller, lead } = facts;
  const join = (parts: (string | null | false)[]) => parts.filter(Boolean).join(language === 'zh' ? '' : ' ');
  const where = phrases.where(lead.country, countryName(lead.country, language));
  const company = companyName(seller, language);
  const offer = seller.offer.length ? phrases.list(seller.offer.map((p) => productName(p, language))) : null;
  const samples = seller.strengths.includes('samples');
  const subject = firstSubject(facts, language);

  let paragraphs: string[];
  if (lead.role === 'supplier') {
    const products = sourced(facts, language);
    paragraphs =
      step === 1
        ? [phrases.sourcing(company, products, lead.name, where), phrases.sourcingAsk, phrases.lookForward]
        : [phrases.sourcingFollowUp(step, products, lead.name)];
  } else if (step === 1) {
    const fits = seller.fits.length ? phrases.list(seller.fits.map((p) => productName(p, language))) : null;
    const details = join([
      // Being a manufacturer and sending samples are said in the introduction and the ask.
      phrases.strengths(seller.strengths),
      seller.certifications.length > 0 && phrases.certifications(phrases.list(seller.certifications)),
      seller.moq && phrases.moq(phrases.quantity(seller.moq.quantity, seller.moq.unit)),
    ]);
    paragraphs = [
      phrases.intro(company, offer, seller.strengths.includes('manufacturer')),
      phrases.context(lead.name, where, fits),
      details,
      join([phrases.offerAsk(offer, samples), phrases.call]),
    ].filter((p): p is string => Boolean(p));
  } else {
    paragraphs = [phrases.offerFollowUp(step, offer, lead.name, samples)];
  }
  if (phrases.lowerAfterGreeting && paragraphs[0])
    paragraphs[0] = paragraphs[0].charAt(0).toLowerCase() + paragraphs[0].slice(1);
  return {
    // A follow-up keeps the first email's subject: it threads under it (In-Reply-To, References:
    // server/outreach/queue.ts) without a "Re:" that would pretend the buyer had answered.
    subject,
    // "Co., Ltd." ends a sentence with its own full stop.
    body: [
      greetingLine(language, person),
      ...paragraphs.map((p) => p.replace(/\.\.(?=\s|$)/g, '.')),
      signature(seller, language),
    ].join('\n\n'),
  };
}
