import type { Department, Seniority } from '../../contract/people.ts';
import type { LeadContact } from './rank.ts';
import { demoName } from './names.ts';
import { CATEGORY_BY_ID, COMPANY_WORDS, COUNTRY_BY_CODE, type Category } from './reference.ts';
import { prng } from './random.ts';

/**
 * The demo's people, founding years and trade evidence (issue 14), made for one generated company
 * from its own id: the same company gets the same people and shipments on every machine, and a
 * database seeded before these existed can be given them later without changing anything else.
 * Everything is fictional: people named by faker as in their company's country (names.ts),
 * records under `records.example`.
 */

/** A person at a company as stored (`lead_people`). */
export interface LeadPerson {
  id: string;
  name: string;
  title: string;
  department: Department;
  seniority: Seniority;
  position: number;
  source: string;
}

/** One shipment record as stored (`lead_shipments`), without its lead. */
export interface LeadShipment {
  shippedOn: string;
  hsCode: string;
  categoryId: number | null;
  product: string;
  quantity: number | null;
  quantityUnit: string;
  weightKg: number | null;
  origin: string;
  destinationPort: string;
  supplier: string | null;
  sourceName: string;
  sourceUrl: string | null;
  sourceRef: string;
}

/** What `enrichLead` adds to a generated company. */
export interface Enrichment {
  foundedYear: number | null;
  people: LeadPerson[];
  /** The company's contacts, now with `personId` on the ones a person owns, plus people's direct lines. */
  contacts: LeadContact[];
  shipments: LeadShipment[];
  tradedCategoryIds: number[];
}

/** The source every demo shipment names: fictional, and says so. */
export const DEMO_SHIPMENT_SOURCE = 'Demo customs records (fictional)';

/** FNV-1a: a 32-bit seed from a lead id. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Job = { title: string; department: Department; seniority: Seniority };
const BUYER_JOBS: Job[] = [
  { title: 'Purchasing Manager', department: 'purchasing', seniority: 'manager' },
  { title: 'Head of Procurement', department: 'purchasing', seniority: 'director' },
  { title: 'Senior Buyer', department: 'purchasing', seniority: 'staff' },
  { title: 'Import Manager', department: 'purchasing', seniority: 'manager' },
  { title: 'Category Buyer', department: 'purchasing', seniority: 'staff' },
];
const LEADER_JOBS: Job[] = [
  { title: 'CEO', department: 'management', seniority: 'executive' },
  { title: 'Managing Director', department: 'management', seniority: 'executive' },
  { title: 'Owner', department: 'management', seniority: 'owner' },
  { title: 'General Manager', department: 'management', seniority: 'executive' },
];
const OTHER_JOBS: Job[] = [
  { title: 'Sales Manager', department: 'sales', seniority: 'manager' },
  { title: 'Key Account Manager', department: 'sales', seniority: 'staff' },
  { title: 'Marketing Manager', department: 'marketing', seniority: 'manager' },
  { title: 'Operations Manager', department: 'operations', seniority: 'manager' },
  { title: 'Logistics Coordinator', department: 'logistics', seniority: 'staff' },
  { title: 'Supply Chain Manager', department: 'logistics', seniority: 'manager' },
  { title: 'Technical Director', department: 'engineering', seniority: 'director' },
  { title: 'Finance Manager', department: 'finance', seniority: 'manager' },
];

/** Where the goods of a buyer's shipments come from, most often first (never its own country). */
const ORIGINS: [string, number][] = [
  ['CN', 0.58],
  ['VN', 0.12],
  ['IN', 0.07],
  ['TR', 0.05],
  ['TH', 0.05],
  ['MY', 0.04],
  ['ID', 0.04],
  ['MX', 0.03],
  ['PL', 0.02],
];
const CHINESE_CITIES = [
  'Shenzhen',
  'Ningbo',
  'Guangzhou',
  'Xiamen',
  'Dongguan',
  'Foshan',
  'Yiwu',
  'Qingdao',
  'Suzhou',
];
/** The ports a country's imports arrive at (the first city of the country when not listed). */
const PORTS: Record<string, string[]> = {
  DE: ['Hamburg', 'Bremerhaven'],
  US: ['Los Angeles', 'Long Beach', 'New York/Newark', 'Savannah', 'Houston'],
  GB: ['Felixstowe', 'Southampton', 'London Gateway'],
  FR: ['Le Havre', 'Marseille-Fos'],
  IT: ['Genoa', 'La Spezia', 'Trieste'],
  ES: ['Valencia', 'Algeciras', 'Barcelona'],
  NL: ['Rotterdam'],
  BE: ['Antwerp'],
  PL: ['Gdansk', 'Gdynia'],
  AE: ['Jebel Ali'],
  SA: ['Jeddah', 'Dammam'],
  IN: ['Nhava Sheva', 'Mundra', 'Chennai'],
  JP: ['Tokyo', 'Yokohama', 'Osaka'],
  KR: ['Busan', 'Incheon'],
  AU: ['Sydney', 'Melbourne'],
  CA: ['Vancouver', 'Montreal'],
  MX: ['Manzanillo', 'Veracruz'],
  BR: ['Santos', 'Paranaguá'],
  TR: ['Mersin', 'Ambarli'],
  RU: ['Saint Petersburg', 'Novorossiysk'],
};

/** `9405.11` → `940511`: HS codes are stored as digits only. */
export const hsDigits = (code: string) => code.replace(/\D/g, '');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The people, founding year and shipments of one generated company. Named addresses
 * (`jurgen.weber@`, their names in `names`) become people with a job; a buyer without one often still has a named
 * purchasing contact with a direct line. Buyers mostly have import records of their own products
 * over the two years before `asOf`, most of them from China; suppliers have none (customs data
 * records imports).
 */
export function enrichLead(
  lead: { id: string; role: 'buyer' | 'supplier'; country: string; city: string; categoryIds: number[] },
  contacts: readonly LeadContact[],
  asOf: Date,
  names: ReadonlyMap<string, string>,
): Enrichment {
  const random = prng(hash(lead.id) ^ 0x5eed14);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const country = COUNTRY_BY_CODE.get(lead.country);
  const foundedYear = random() < 0.85 ? 1950 + Math.floor(random() * 72) : null;

  // People: one per named address, buyer-side jobs first for a buyer, sales first for a supplier.
  const firstJobs = lead.role === 'buyer' ? [pick(BUYER_JOBS), pick(LEADER_JOBS)] : [pick(LEADER_JOBS)];
  const people: LeadPerson[] = [];
  const owned: LeadContact[] = contacts.map((contact) => ({ ...contact }));
  const jobFor = (n: number) => firstJobs[n] ?? pick(random() < 0.3 ? LEADER_JOBS : OTHER_JOBS);
  const addPerson = (name: string) => {
    const job = jobFor(people.length);
    const person: LeadPerson = {
      id: `${lead.id}.${people.length + 1}`,
      name,
      ...job,
      position: people.length,
      source: 'demo',
    };
    people.push(person);
    return person;
  };
  for (const contact of owned) {
    const name = contact.kind === 'email' ? names.get(contact.value) : undefined;
    if (name) contact.personId = addPerson(name).id;
  }
  if (people.length === 0 && owned.length > 0 && random() < 0.6) {
    // Named as in the company's country (names.ts), seeded from this lead's own stream.
    const person = addPerson(
      demoName(lead.country, [Math.floor(random() * 2 ** 32), Math.floor(random() * 2 ** 32)]).name,
    );
    owned.push({
      kind: 'phone',
      value: `${country?.phone_code ?? '+1'} 555 ${String(Math.floor(random() * 9000) + 1000)} ${String(Math.floor(random() * 9000) + 1000)}`,
      label: '',
      position: owned.filter((c) => c.kind === 'phone').length,
      personId: person.id,
    });
  }

  // Emails, then phones, then social profiles, as every other writer lists them.
  const kinds = ['email', 'phone', 'social'];
  owned.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));

  const shipments: LeadShipment[] = [];
  if (lead.role === 'buyer' && random() < 0.8) {
    const categories = lead.categoryIds
      .map((id) => CATEGORY_BY_ID.get(id))
      .filter((c): c is Category => c !== undefined);
    // A few lines carry most of the trade: the first product most often.
    const count = 1 + Math.floor(random() * random() * 24);
    const ports = PORTS[lead.country] ?? [lead.city];
    const suppliers = new Map<string, string>();
    for (let i = 0; i < count; i++) {
      const category = random() < 0.6 ? categories[0]! : pick(categories);
      let r = random();
      let origin = 'CN';
      for (const [code, weight] of ORIGINS) {
        if (r < weight) {
          origin = code;
          break;
        }
        r -= weight;
      }
      if (origin === lead.country) origin = 'CN';
      // The same supplier ships a company's line again and again.
      const key = `${origin}:${category.id}`;
      if (!suppliers.has(key))
        suppliers.set(
          key,
          origin === 'CN'
            ? `${pick(CHINESE_CITIES)} ${pick(COMPANY_WORDS.en_prefixes)} Trading Co., Ltd.`
            : `${pick(COMPANY_WORDS.en_prefixes)} ${pick(COMPANY_WORDS.en_middles)} Export`,
        );
      // Recent months more often than old ones: within two years of asOf.
      const daysAgo = Math.floor(random() * random() * 730);
      const quantity = 100 * (1 + Math.floor(random() * 200));
      shipments.push({
        shippedOn: isoDay(new Date(asOf.getTime() - daysAgo * 86_400_000)),
        hsCode: hsDigits(category.hs_code),
        categoryId: category.id,
        product: `${category.en.toUpperCase()}, MODEL ${String.fromCharCode(65 + Math.floor(random() * 26))}${100 + Math.floor(random() * 900)}`,
        quantity,
        quantityUnit: 'PCS',
        weightKg: Math.round(quantity * (0.2 + random() * 4)),
        origin,
        destinationPort: pick(ports),
        supplier: random() < 0.75 ? suppliers.get(key)! : null,
        sourceName: DEMO_SHIPMENT_SOURCE,
        sourceUrl: `https://records.example/bol/${lead.id}-${i + 1}`,
        sourceRef: `demo-${i + 1}`,
      });
    }
  }
  return {
    foundedYear,
    people,
    contacts: owned,
    shipments,
    tradedCategoryIds: [...new Set(shipments.map((s) => s.categoryId!))].sort((a, b) => a - b),
  };
}
