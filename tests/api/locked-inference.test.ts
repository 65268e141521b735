import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadContacts, leadPeople, searchUsage } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';
import { showLeads } from './shown.ts';
import { emailAt, personOf, searchAs, testLead, userIdOf } from './fixtures.ts';

/*
 * The lock is about what can be inferred, not only what is sent (issue 30): before unlock no name,
 * title, address, number or link of a lead may be learnt, so no filter, search box, sort, facet,
 * export or search may answer differently with a different hidden value. The property: for any
 * query, the answers with the hidden values of a saved, locked lead set to A and to B are the same,
 * where the query's words are taken from B (a search box that read hidden fields would then find
 * the lead under B and not under A). INFERENCE_SEED and INFERENCE_RUNS replay or widen a run.
 */

const SEED = Number(process.env.INFERENCE_SEED ?? 20261130);
const RUNS = Number(process.env.INFERENCE_RUNS ?? 40);

/** Saved by the user, not unlocked: two named people, three addresses, a phone, a profile link. */
const LOCKED = testLead('L990001', {
  name: 'Quellwerk Licht AG',
  people: [personOf('L990001', 1, 'Placeholder One'), personOf('L990001', 2, 'Placeholder Two', 'Director')],
  contacts: [
    emailAt('one@placeholder.example', 0, 'valid', 'L990001.1'),
    emailAt('two@placeholder.example', 1, 'risky', 'L990001.2'),
    emailAt('office@placeholder.example', 2, 'valid'),
    { kind: 'phone', value: '+423 000 0000', label: '', position: 3 },
    { kind: 'social', value: 'https://www.linkedin.com/company/placeholder', label: 'linkedin', position: 4 },
  ],
});
/** Other saved leads around it, so filters and sorts have something to order. */
const AROUND = [
  testLead('L990002', { name: 'Alpenlicht GmbH', country: 'AT', contacts: [emailAt('a@alpen.example', 0)] }),
  testLead('L990003', { name: 'Rheinlampen GmbH', country: 'DE', contacts: [emailAt('b@rhein.example', 0)] }),
  testLead('L990004', { name: 'Vaduz Beleuchtung', contacts: [emailAt('c@vaduz.example', 0)] }),
];
/** Unlocked by the user: its own hidden values are shown, and must stay what they are. */
const OPEN = testLead('L990005', {
  name: 'Offen Licht AG',
  people: [personOf('L990005', 1, 'Open Person')],
  contacts: [emailAt('open@offen.example', 0, 'valid', 'L990005.1')],
});

/** What the lock hides of LOCKED: everything that names or reaches someone. */
interface Hidden {
  names: [string, string];
  titles: [string, string];
  emails: [string, string, string];
  phone: string;
  social: string;
}

const word = fc
  .array(fc.constantFrom(...'bcdfghjkmnpqrstvwxz'), { minLength: 5, maxLength: 9 })
  .map((letters) => letters.join(''));
const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const hiddenValues: fc.Arbitrary<Hidden> = fc.record({
  names: fc.tuple(
    fc.tuple(word, word).map(([a, b]) => `${capital(a)} ${capital(b)}`),
    fc.tuple(word, word).map(([a, b]) => `${capital(a)} ${capital(b)}`),
  ),
  titles: fc.tuple(word.map(capital), word.map(capital)),
  emails: fc.tuple(
    fc.tuple(word, word).map(([a, b]) => `${a}@${b}.example`),
    fc.tuple(word, word).map(([a, b]) => `${a}.${b}@${b}.example`),
    word.map((w) => `info@${w}.example`),
  ),
  phone: fc.stringMatching(/^\+423 [1-9]\d{2} \d{4}$/),
  social: word.map((w) => `https://www.linkedin.com/in/${w}`),
});

/** The values the test starts from; no query word taken from another set is in them. */
const BASELINE: Hidden = {
  names: ['Aaron Aaronson', 'Eve Evans'],
  titles: ['Buyer', 'Director'],
  emails: ['aaron@aa.example', 'eve@ee.example', 'info@ii.example'],
  phone: '+423 000 0000',
  social: 'https://www.linkedin.com/in/aaron',
};

/** The words of a hidden set a curious user would type: names, parts of them, addresses, digits. */
const wordsOf = (h: Hidden) => [
  ...h.names,
  ...h.names.flatMap((n) => n.split(' ')),
  ...h.names.map((n) => n.split(' ')[1]!.slice(0, 4)),
  ...h.titles,
  ...h.emails,
  ...h.emails.map((e) => e.split('@')[1]!),
  h.phone,
  h.phone.replace(/\D/g, '').slice(-6),
  h.social,
];

const COUNTRIES = ['', 'LI', 'Liechtenstein', '列支敦士登', 'AT', 'xx'];
const SORTS = ['newest', 'oldest', 'name', 'country', 'role', 'stage'];

interface Query {
  q: string;
  country: string;
  stage: string;
  tag: string;
  sort: string;
  dir: string;
  lang: 'zh' | 'en';
  kind: 'collects' | 'unlocked';
}

const queryFor = (h: Hidden): fc.Arbitrary<Query> =>
  fc.record({
    q: fc.oneof(fc.constantFrom(...wordsOf(h)), fc.constant(''), fc.constantFrom('licht', 'gmbh', 'zz')),
    country: fc.constantFrom(...COUNTRIES),
    stage: fc.constantFrom('', 'new', 'contacted'),
    tag: fc.constantFrom('', 'vip', ...wordsOf(h).slice(0, 2)),
    sort: fc.constantFrom(...SORTS),
    dir: fc.constantFrom('asc', 'desc'),
    lang: fc.constantFrom('zh' as const, 'en' as const),
    kind: fc.constantFrom('collects' as const, 'unlocked' as const),
  });

let api: Api;
let token: string;
let userId: number;

beforeAll(async () => {
  api = await startApi({ leads: [LOCKED, ...AROUND, OPEN], outreach: false });
  token = await api.signUp('curious@example.com');
  userId = await userIdOf(api, 'curious@example.com');
  await showLeads(api, 'curious@example.com', [LOCKED.id, ...AROUND.map((l) => l.id), OPEN.id]);
  for (const lead of [LOCKED, ...AROUND, OPEN])
    expect((await api.call('POST', '/leads/collect', { token, body: { lead_id: lead.id } })).body.code).toBe(
      0,
    );
  expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: OPEN.id } })).body.code).toBe(0);
  await api.call('POST', '/leads/tags', {
    token,
    body: { lead_ids: [LOCKED.id, AROUND[0]!.id], add: ['vip'] },
  });
  await api.call('POST', '/leads/stage', { token, body: { lead_ids: [AROUND[1]!.id], stage: 'contacted' } });
  await hide(BASELINE);
}, 60_000);
afterAll(() => api.close());

/** Sets LOCKED's hidden values; counts, kinds, statuses, positions and departments stay. */
async function hide(h: Hidden): Promise<void> {
  const db = api.database.db;
  for (const i of [0, 1] as const)
    await db
      .update(leadPeople)
      .set({ name: h.names[i], title: h.titles[i] })
      .where(eq(leadPeople.id, `${LOCKED.id}.${i + 1}`));
  const set = (position: number, value: string) =>
    db
      .update(leadContacts)
      .set({ value })
      .where(and(eq(leadContacts.leadId, LOCKED.id), eq(leadContacts.position, position)));
  for (const i of [0, 1, 2] as const) await set(i, h.emails[i]);
  await set(3, h.phone);
  await set(4, h.social);
}

const params = (q: Query) =>
  new URLSearchParams(
    Object.entries({
      q: q.q,
      country: q.country,
      stage: q.stage,
      tag: q.tag,
      sort: q.sort,
      dir: q.dir,
    }).filter(([, v]) => v !== ''),
  ).toString();

/** Every answer a query gets from the lists: a page, the export, the facets. */
async function listAnswers(q: Query) {
  const get = async (path: string) => (await api.call('GET', path, { token, lang: q.lang })).body;
  return {
    page: await get(`/leads/${q.kind}?${params(q)}&page=1&page_size=2`),
    all: await get(`/leads/${q.kind}/export?${params(q)}`),
    facets: await get(`/leads/${q.kind}/facets`),
  };
}

/** A search whose sentence carries the query's words, its leads' cards, and the transcript after it. */
async function searchAnswers(words: string, lang: 'zh' | 'en') {
  await api.database.db.delete(searchUsage).where(eq(searchUsage.userId, userId));
  const found = await searchAs(
    api,
    token,
    { query: `LED panel buyers in Liechtenstein ${words}`.slice(0, 300) },
    lang,
  );
  const cards = found.events.filter((e) => e.event !== 'understood');
  const transcript = found.chatId
    ? (await api.call('GET', `/chat/messages?chat_id=${found.chatId}`, { token, lang })).body.data.map(
        (m: { created_at: string; leads: unknown }) => m.leads,
      )
    : null;
  if (found.chatId)
    await api.call('POST', '/chat/delete_chat_history', { token, body: { chat_id: found.chatId } });
  return { cards, transcript };
}

describe(`no answer depends on a locked lead's hidden values (seed ${SEED}, ${RUNS} runs)`, () => {
  it('the saved and unlocked lists, their search box, filters, sorts, export and facets', async () => {
    await fc.assert(
      fc.asyncProperty(
        hiddenValues.chain((h) =>
          fc.tuple(fc.constant(h), fc.array(queryFor(h), { minLength: 3, maxLength: 3 })),
        ),
        async ([hidden, queries]) => {
          await hide(BASELINE);
          const before = [];
          for (const q of queries) before.push(await listAnswers(q));
          await hide(hidden);
          for (const [i, q] of queries.entries())
            expect(await listAnswers(q), JSON.stringify(q)).toEqual(before[i]);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('searches (with the hidden words in the sentence, with conditions) and their transcript', async () => {
    await fc.assert(
      fc.asyncProperty(
        hiddenValues.chain((h) =>
          fc.tuple(
            fc.constant(h),
            fc.constantFrom(
              ...wordsOf(h).map((w) => `named ${w}`),
              'with email',
              'with phone',
              'with a purchasing manager',
            ),
            fc.constantFrom('zh' as const, 'en' as const),
          ),
        ),
        async ([hidden, words, lang]) => {
          await hide(BASELINE);
          const before = await searchAnswers(words, lang);
          await hide(hidden);
          expect(await searchAnswers(words, lang), words).toEqual(before);
        },
      ),
      { seed: SEED, numRuns: Math.max(5, Math.round(RUNS / 4)) },
    );
  });

  it('a query made of another lead’s shown values still finds that lead (the check compares answers that can differ)', async () => {
    // The unlocked lead's own name is shown: the search box finds it by name, so equal answers above
    // are not equal because the search box finds nothing at all.
    const found = await api.call('GET', '/leads/collects?q=offen', { token, lang: 'en' });
    expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([OPEN.id]);
    await hide({ ...BASELINE, names: ['Quellwerk Person', 'Eve Evans'] });
    // LOCKED's own name is shown too; a hidden name equal to it adds nothing.
    const byName = await api.call('GET', '/leads/collects?q=quellwerk', { token, lang: 'en' });
    expect(byName.body.data.items.map((i: { id: string }) => i.id)).toEqual([LOCKED.id]);
    await hide(BASELINE);
  });
});
