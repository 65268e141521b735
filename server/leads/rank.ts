import type { Category } from './reference.ts';

/** One lead's contacts as stored (`lead_contacts`): what its rank and its unlock price are made of. */
export interface LeadContact {
  kind: 'email' | 'phone' | 'social';
  value: string;
  label: string;
  position: number;
  /** The person the contact belongs to (`lead_people.id`); absent or null for the company's own. */
  personId?: string | null;
}

/**
 * A lead's completeness score, 0–100: the tie-break of search ranking after matched products
 * (`findLeads` orders by it). The one definition for seeded, generated and imported leads:
 * every contact counts 4, an email 12 more, and a known size above 1-10 adds 10.
 */
export function leadQuality(contacts: readonly Pick<LeadContact, 'kind'>[], size: string): number {
  const emails = contacts.filter((c) => c.kind === 'email').length;
  const established = size !== '' && size !== '1-10' ? 10 : 0;
  return Math.min(100, emails * 12 + contacts.length * 4 + established);
}

/** The lower-cased text keyword search matches: name, product names and synonyms in both languages, descriptions. */
export function leadSearchText(
  name: string,
  categories: readonly Pick<Category, 'en' | 'zh' | 'synonyms_en' | 'synonyms_zh'>[],
  descriptionEn: string,
  descriptionZh: string,
): string {
  return [
    name,
    ...categories.flatMap((c) => [c.en, c.zh, ...c.synonyms_en, ...c.synonyms_zh]),
    descriptionEn,
    descriptionZh,
  ]
    .join(' ')
    .toLowerCase();
}
