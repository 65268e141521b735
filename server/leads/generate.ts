import type { LeadCompanyType } from '../../contract/companies.ts';
import { EMPLOYEE_RANGES as SIZES } from '../search/conditions.ts';
import { enrichLead, type LeadPerson, type LeadShipment } from './enrich.ts';
import { demoName } from './names.ts';
import { leadQuality, leadSearchText, type LeadContact } from './rank.ts';
import { CATEGORIES, COMPANY_WORDS, COUNTRIES, type Category, type Country } from './reference.ts';
import { prng } from './random.ts';

/** One generated company with its contacts, ready to insert. */
export interface GeneratedLead {
  id: string;
  name: string;
  role: 'buyer' | 'supplier';
  country: string;
  city: string;
  website: string | null;
  size: string;
  companyType: string;
  descriptionEn: string;
  descriptionZh: string;
  categoryIds: number[];
  searchText: string;
  quality: number;
  foundedYear: number | null;
  tradedCategoryIds: number[];
  contacts: LeadContact[];
  people: LeadPerson[];
  shipments: LeadShipment[];
}

/**
 * A category name inside an English sentence: lower case, but acronyms kept ("solar inverters",
 * "EV chargers", "LED panel lights"; issue 35 found "ev chargers").
 */
export const inProse = (name: string): string =>
  /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;

/**
 * "a" before a vowel sound made "an" ("an importer", "an OEM supplier", "an Istanbul-based"; issue
 * 35 found "a importer"). Templates only put "a" before a role, a city or "established".
 */
export const withArticles = (text: string): string => text.replace(/\b([Aa]) (?=[AEIOaeio]|OEM\b)/g, '$1n ');

/** The demo's countries an English sentence names with "the" ("throughout the United States"). */
const WITH_THE = new Set(['US', 'GB', 'NL', 'AE', 'PH']);
const countryInProse = (country: Country) => (WITH_THE.has(country.iso2) ? `the ${country.en}` : country.en);

/**
 * The kind of company each role phrase of company-words.json describes (the phrase is in the
 * description; migration 0006 reads the same phrases to fill in databases seeded before it).
 */
export const COMPANY_TYPE_OF_PHRASE: Readonly<Record<string, LeadCompanyType>> = {
  importer: 'importer',
  distributor: 'distributor',
  wholesaler: 'wholesaler',
  'retail chain buyer': 'retailer',
  'project contractor': 'contractor',
  manufacturer: 'manufacturer',
  factory: 'manufacturer',
  'OEM supplier': 'manufacturer',
  exporter: 'exporter',
};
const EMAIL_STATUSES: [string, number][] = [
  ['valid', 0.55],
  ['risky', 0.2],
  ['unknown', 0.15],
  ['invalid', 0.1],
];
/** Countries that trade most with Chinese exporters get more companies in the demo. */
const MAJOR = new Set([
  'DE',
  'US',
  'GB',
  'FR',
  'IT',
  'ES',
  'NL',
  'PL',
  'AE',
  'SA',
  'IN',
  'VN',
  'JP',
  'KR',
  'AU',
  'CA',
  'MX',
  'BR',
  'RU',
  'TR',
]);

/**
 * The demo dataset: clearly fictional companies generated deterministically from the reference
 * data (company names from word lists, people named as in their company's country by faker,
 * websites and emails only under the reserved `.example` domain).
 * Major markets get `perMajor` companies per sector, the others `perOther`.
 */
export function generateLeads(
  options: { seed?: number; perMajor?: number; perOther?: number; asOf?: Date } = {},
): GeneratedLead[] {
  const asOf = options.asOf ?? new Date();
  const random = prng(options.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const bySector = new Map<string, Category[]>();
  for (const category of CATEGORIES)
    bySector.set(category.sector, [...(bySector.get(category.sector) ?? []), category]);
  const sectors = [...bySector.keys()];
  const words = COMPANY_WORDS;
  const leads: GeneratedLead[] = [];
  const usedNames = new Set<string>();
  let n = 0;

  for (const country of COUNTRIES) {
    const perSector = MAJOR.has(country.iso2) ? (options.perMajor ?? 24) : (options.perOther ?? 3);
    for (const sector of sectors) {
      const pool = bySector.get(sector)!;
      for (let i = 0; i < perSector; i++) {
        n++;
        const role = random() < 0.62 ? 'buyer' : 'supplier';
        // A distributor or factory carries several lines of its sector.
        const count = Math.min(pool.length, 2 + Math.floor(random() * 4));
        const categories = [...pool].sort(() => random() - 0.5).slice(0, count);
        const city = pick(country.cities);
        const suffix = pick(
          words.en_suffixes_by_country[country.iso2] ??
            words.en_suffixes_by_region[country.region] ?? ['Ltd'],
        );
        let name = '';
        do {
          name = `${pick(words.en_prefixes)} ${random() < 0.6 ? `${pick(words.en_middles)} ` : ''}${suffix}`;
          if (usedNames.has(name)) name = `${pick(words.en_prefixes)} ${pick(words.en_prefixes)} ${suffix}`;
        } while (usedNames.has(name));
        usedNames.add(name);
        const slug = name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
        const size = pick(SIZES);
        const phrase = pick(
          words.role_phrases[role].en.map((en, j) => ({ en, zh: words.role_phrases[role].zh[j]! })),
        );
        const fill = (template: string, lang: 'en' | 'zh') => {
          const text = template
            .replace(
              /\b(throughout|across|in) \{country\}/g,
              lang === 'en' ? '$1 {country_in}' : '$1 {country}',
            )
            .replaceAll('{country_in}', countryInProse(country))
            .replaceAll('{name}', name)
            .replaceAll(
              '{category}',
              lang === 'en'
                ? categories.map((c) => inProse(c.en)).join(', ')
                : categories.map((c) => c.zh).join('、'),
            )
            .replaceAll('{country}', lang === 'en' ? country.en : country.zh)
            .replaceAll('{city}', lang === 'en' ? city.en : city.zh)
            .replaceAll('{role_phrase}', lang === 'en' ? phrase.en : phrase.zh)
            .replaceAll('{size}', size);
          return lang === 'en' ? withArticles(text.charAt(0).toUpperCase() + text.slice(1)) : text;
        };
        const descriptionEn = fill(pick(words.description_templates_en), 'en');
        const descriptionZh = fill(pick(words.description_templates_zh), 'zh');
        const id = `L${String(n).padStart(6, '0')}`;
        const categoryIds = categories.map((c) => c.id);
        // People and shipments come from the lead's own id, so the stream above stays as it was.
        const { contacts, names } = makeContacts(random, pick, country, slug);
        const more = enrichLead(
          { id, role, country: country.iso2, city: city.en, categoryIds },
          contacts,
          asOf,
          names,
        );
        leads.push({
          id,
          name,
          role,
          country: country.iso2,
          city: city.en,
          website: random() < 0.9 ? `https://www.${slug}.example` : null,
          size,
          companyType: COMPANY_TYPE_OF_PHRASE[phrase.en] ?? '',
          descriptionEn,
          descriptionZh,
          categoryIds,
          searchText: leadSearchText(name, categories, descriptionEn, descriptionZh),
          quality: leadQuality(more.contacts, size),
          ...more,
        });
      }
    }
  }
  return leads;
}

function makeContacts(
  random: () => number,
  pick: <T>(list: readonly T[]) => T,
  country: Country,
  slug: string,
) {
  const contacts: GeneratedLead['contacts'] = [];
  /** The person each named address belongs to, by address. */
  const names = new Map<string, string>();
  if (random() < 0.05) return { contacts, names }; // some companies have nothing to unlock
  const emailCount = Math.floor(random() * 9);
  /** This company's addresses, and the name slots its named ones were drawn in. */
  const locals = new Set<string>();
  const slots = new Set<number>();
  for (let i = 0; i < emailCount; i++) {
    let local: string;
    if (random() < 0.45) {
      local = pick(COMPANY_WORDS.email_local_parts.generic);
      if (locals.has(local)) continue;
    } else {
      // A named address is a person of the company's country (names.ts), seeded from two draws of
      // this stream. The draws also fall in one of 40 × 40 slots, as the first seed's name lists
      // had, and a slot drawn twice is one person: so every company, address status and record is
      // the one that seed made, and only people's names and their addresses changed.
      const [a, b] = [random(), random()];
      const slot = Math.floor(a * 40) * 40 + Math.floor(b * 40);
      if (slots.has(slot)) continue;
      slots.add(slot);
      const seed = [Math.floor(a * 2 ** 32), Math.floor(b * 2 ** 32)];
      let person = demoName(country.iso2, seed);
      // Two people of one company whose addresses would be the same: the second is named again.
      for (let again = 1; locals.has(person.local); again++)
        person = demoName(country.iso2, [...seed, again]);
      local = person.local;
      names.set(`${local}@${slug}.example`, person.name);
    }
    locals.add(local);
    let r = random();
    let status = 'unknown';
    for (const [label, weight] of EMAIL_STATUSES) {
      if (r < weight) {
        status = label;
        break;
      }
      r -= weight;
    }
    contacts.push({
      kind: 'email',
      value: `${local}@${slug}.example`,
      label: status,
      position: contacts.filter((c) => c.kind === 'email').length,
    });
  }
  const phones = Math.floor(random() * 3);
  for (let i = 0; i < phones; i++) {
    // 555 numbers: reserved for fiction in many plans; clearly not real.
    contacts.push({
      kind: 'phone',
      value: `${country.phone_code} 555 ${String(Math.floor(random() * 9000) + 1000)} ${String(Math.floor(random() * 9000) + 1000)}`,
      label: '',
      position: i,
    });
  }
  const socials = [...COMPANY_WORDS.social_platforms]
    .sort(() => random() - 0.5)
    .slice(0, Math.floor(random() * 4));
  socials.forEach((social, i) => {
    const phone = contacts.find((c) => c.kind === 'phone')?.value.replace(/\D/g, '') ?? '15550000000';
    contacts.push({
      kind: 'social',
      value: social.url_template.replace('{slug}', slug).replace('{phone_digits}', phone),
      label: social.platform,
      position: i,
    });
  });
  return { contacts, names };
}
