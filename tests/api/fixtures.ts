import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { outreachEmails, users } from '../../server/platform/db/schema.ts';
import { readEvents, type Answer, type Api } from './harness.ts';

/**
 * Named test data for the rules of issue 30: leads built to reach a path (a first address that is
 * invalid, eleven of one product, thousands in one list), users found by address.
 */

/** LED panel lights: demo category 1, read from "LED panel buyers in …". */
export const LED_PANELS = 1;

type Contact = GeneratedLead['contacts'][number];
type Person = GeneratedLead['people'][number];

/**
 * A buyer of LED panels in `country` (Liechtenstein unless said: the demo data has none there, so
 * "LED panel buyers in Liechtenstein" finds only these), with the given contacts and people.
 */
export function testLead(
  id: string,
  shape: {
    name?: string;
    country?: string;
    quality?: number;
    categoryIds?: number[];
    contacts?: Contact[];
    people?: Person[];
    description?: string;
  } = {},
): GeneratedLead {
  const name = shape.name ?? `Zyxorbit ${id}`;
  return {
    id,
    name,
    role: 'buyer',
    country: shape.country ?? 'LI',
    city: 'Vaduz',
    website: null,
    size: '11-50',
    companyType: 'importer',
    descriptionEn: shape.description ?? 'Importer of lighting',
    descriptionZh: '照明进口商',
    categoryIds: shape.categoryIds ?? [LED_PANELS],
    searchText: [name, shape.description ?? 'importer of lighting', '照明进口商'].join(' ').toLowerCase(),
    quality: shape.quality ?? 50,
    foundedYear: null,
    tradedCategoryIds: [],
    people: shape.people ?? [],
    shipments: [],
    contacts: shape.contacts ?? [],
  };
}

/** An email contact at `position` with its verification status. */
export const emailAt = (value: string, position: number, label = 'valid', personId?: string): Contact => ({
  kind: 'email',
  value,
  label,
  position,
  ...(personId ? { personId } : {}),
});

/** A named person of a lead (purchasing manager unless said). */
export const personOf = (leadId: string, n: number, name: string, title = 'Purchasing Manager'): Person => ({
  id: `${leadId}.${n}`,
  name,
  title,
  department: 'purchasing',
  seniority: 'manager',
  position: n - 1,
  source: 'test',
});

/** The id of the user with this address. */
export async function userIdOf(api: Api, email: string): Promise<number> {
  const [row] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A search as the chat page runs it: its events, the leads' ids, the summary. */
export async function searchAs(
  api: Api,
  token: string,
  body: Record<string, unknown>,
  lang: 'zh' | 'en' = 'en',
) {
  const res = await api.raw('POST', '/chat/search', { token, lang, body });
  if (!res.headers.get('content-type')?.includes('text/event-stream'))
    return { refused: (await res.json()) as { code: number; msg: string }, ids: [], events: [] };
  const events = await readEvents(res);
  return {
    refused: null,
    events,
    chatId: events.find((e) => e.event === 'understood')?.data.chat_id as string | undefined,
    ids: events.filter((e) => e.event === 'lead').map((e) => e.data.id as string),
    summary: events.find((e) => e.event === 'summary')?.data,
  };
}

/** Moves the API's clock to an ISO time (backwards too). */
export const setClock = (api: Api, iso: string) =>
  api.clock.advance(Date.parse(iso) - api.clock.now().getTime());

/**
 * `date` plus `months` calendar months, as the plan table says (docs/plans.md "Plan periods"):
 * the same day and time, or the month's last day when it is shorter. Written from the rule with
 * plain UTC arithmetic, not with the server's dayjs.
 */
export function calendarMonthsAfter(date: Date, months: number): Date {
  const total = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

let generated: GeneratedLead[] | undefined;
/**
 * A lead of the demo data (one per major country) reshaped: its name, country, role (a buyer unless
 * said), categories, named people with their addresses, and generic addresses.
 */
export function reshapedLead(
  index: number,
  shape: { name: string; country: string; role?: 'buyer' | 'supplier'; categories: number[] },
  people: [name: string, email: string][],
  generic: string[] = [],
): GeneratedLead {
  generated ??= generateLeads({ perMajor: 1, perOther: 0 });
  const base = generated[index]!;
  return {
    ...base,
    name: shape.name,
    country: shape.country,
    role: shape.role ?? 'buyer',
    categoryIds: shape.categories,
    people: people.map(([name], i) => ({
      id: `${base.id}.${i + 1}`,
      name,
      title: 'Purchasing Manager',
      department: 'purchasing',
      seniority: 'manager',
      position: i,
      source: 'test',
    })),
    contacts: [
      ...people.map(([, email], i) => ({
        kind: 'email' as const,
        value: email,
        label: 'valid',
        position: i,
        personId: `${base.id}.${i + 1}`,
      })),
      ...generic.map((email, i) => ({
        kind: 'email' as const,
        value: email,
        label: 'valid',
        position: 10 + i,
      })),
    ],
  };
}

/**
 * An outreach email row of `userId` to `toAddress` on `leadId`, as a test writes the queue's state
 * directly (a step in flight, a follow-up due): a first email unless `fields` say otherwise.
 */
export const outreachEmailRow = (
  userId: number,
  leadId: string,
  toAddress: string,
  fields: Partial<typeof outreachEmails.$inferInsert> = {},
): typeof outreachEmails.$inferInsert => ({
  id: randomUUID(),
  userId,
  leadId,
  requestId: randomUUID(),
  toAddress,
  subject: 'Cat food for you',
  body: 'Hello.',
  ...fields,
});

/** A profile as GET /profile answers it, made into what PUT /profile takes (product ids, no read-only fields). */
export function editableProfile(data: Answer['data']) {
  const {
    edited: _e,
    from_files: _f,
    files_read: _r,
    read_by: _b,
    sources: _s,
    updated_at: _u,
    products,
    ...rest
  } = data;
  return { ...rest, products: (products as { id: string }[]).map((p) => p.id) };
}
