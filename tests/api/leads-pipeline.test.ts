import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collects, leads, users } from '../../server/platform/db/schema.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { startApi, type Api } from './harness.ts';
import { signUpShownAll } from './shown.ts';

/** Issue 16.3: saved and unlocked leads as a working list (stages, tags, bulk, filters, export). */
let api: Api;
let dana: string;
let eve: string;
let picked: (typeof leads.$inferSelect)[];

const signUp = (email: string) => signUpShownAll(api, email);
const ids = (body: { data: { items: { id: string }[] } }) => body.data.items.map((item) => item.id);
const list = async (token: string, query = '', kind = 'collects', lang?: 'zh' | 'en') =>
  (await api.call('GET', `/leads/${kind}${query ? `?${query}` : ''}`, { token, ...(lang ? { lang } : {}) }))
    .body;
const rowsOf = async (email: string) => {
  const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
  return api.database.db
    .select()
    .from(collects)
    .where(eq(collects.userId, user!.id))
    .orderBy(collects.leadId);
};

beforeAll(async () => {
  api = await startApi({ leads: generateLeads({ perMajor: 1, perOther: 0 }) });
  dana = await signUp('dana@example.com');
  eve = await signUp('eve@example.com');
  const all = await api.database.db.select().from(leads).orderBy(leads.id);
  // Four leads of different countries.
  const seen = new Set<string>();
  picked = all.filter((lead) => !seen.has(lead.country) && seen.add(lead.country)).slice(0, 4);
  for (const lead of picked) {
    await api.call('POST', '/leads/collect', { token: dana, body: { lead_id: lead.id } });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}, 60_000);
afterAll(() => api.close());

describe('stages', () => {
  it('saved leads start at new; the stage is set for one or several', async () => {
    const first = await list(dana);
    expect(first.data.total).toBe(4);
    for (const item of first.data.items) expect(item).toMatchObject({ stage: 'new', tags: [] });
    expect(first.data.items[0].listed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [a, b, c] = picked.map((lead) => lead.id);
    expect(
      (await api.call('POST', '/leads/stage', { token: dana, body: { lead_ids: [a], stage: 'won' } })).body
        .code,
    ).toBe(0);
    expect(
      (
        await api.call('POST', '/leads/stage', {
          token: dana,
          body: { lead_ids: [b, c], stage: 'contacted' },
        })
      ).body.code,
    ).toBe(0);
    expect(ids(await list(dana, 'stage=contacted')).sort()).toEqual([b, c].sort());
    expect(ids(await list(dana, 'stage=won'))).toEqual([a]);
    // Stage order: new, contacted, ..., won; descending reverses it.
    const byStage = (await list(dana, 'sort=stage')).data.items.map((i: { stage: string }) => i.stage);
    expect(byStage).toEqual(['new', 'contacted', 'contacted', 'won']);
    const byStageDesc = (await list(dana, 'sort=stage&dir=desc')).data.items.map(
      (i: { stage: string }) => i.stage,
    );
    expect(byStageDesc).toEqual(['won', 'contacted', 'contacted', 'new']);
  });

  it('refuses a bad stage with a localized 40001 and changes nothing', async () => {
    const before = await rowsOf('dana@example.com');
    const zh = await api.call('POST', '/leads/stage', {
      token: dana,
      body: { lead_ids: [picked[0]!.id], stage: 'maybe' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 40001, msg: '请选择有效的阶段', data: { field: 'stage' } });
    const en = await api.call('POST', '/leads/stage', {
      token: dana,
      lang: 'en',
      body: { lead_ids: [], stage: 'won' },
    });
    expect(en.body).toMatchObject({ code: 40001, data: { field: 'lead_ids' } });
    expect(await rowsOf('dana@example.com')).toEqual(before);
  });

  it("refuses another user's leads for the whole call: nothing changes", async () => {
    const before = await rowsOf('dana@example.com');
    const res = await api.call('POST', '/leads/stage', {
      token: eve,
      body: { lead_ids: [picked[0]!.id], stage: 'lost' },
    });
    expect(res.body.code).toBe(40400);
    // One of dana's and one she never saved or unlocked: all refused.
    const mixed = await api.call('POST', '/leads/stage', {
      token: dana,
      body: { lead_ids: [picked[1]!.id, 'L999999'], stage: 'lost' },
    });
    expect(mixed.body.code).toBe(40400);
    expect(await rowsOf('dana@example.com')).toEqual(before);
    expect(await rowsOf('eve@example.com')).toEqual([]);
  });

  it('setting the stage of an unlocked lead that is not saved saves it', async () => {
    const lead = picked[3]!;
    await api.call('POST', '/leads/unlock', { token: eve, body: { lead_id: lead.id } });
    const unlocked = await list(eve, '', 'unlocked');
    expect(unlocked.data.items[0]).toMatchObject({ id: lead.id, stage: null, tags: [] });
    expect(
      (
        await api.call('POST', '/leads/stage', {
          token: eve,
          body: { lead_ids: [lead.id], stage: 'replied' },
        })
      ).body.code,
    ).toBe(0);
    expect((await list(eve, '', 'unlocked')).data.items[0]).toMatchObject({ stage: 'replied' });
    expect((await list(eve)).data.items.map((i: { id: string; stage: string }) => [i.id, i.stage])).toEqual([
      [lead.id, 'replied'],
    ]);
    expect(ids(await list(eve, 'stage=replied', 'unlocked'))).toEqual([lead.id]);
  });
});

describe('tags', () => {
  it('adds trimmed tags, deduplicated case-insensitively, removes them, filters by them', async () => {
    const [a, b] = picked.map((lead) => lead.id);
    const res = await api.call('POST', '/leads/tags', {
      token: dana,
      body: { lead_ids: [a, b], add: ['  Trade fair ', 'trade FAIR', '展会', 'VIP'] },
    });
    expect(res.body.code).toBe(0);
    const items = (await list(dana, 'sort=oldest')).data.items;
    expect(items[0].tags).toEqual(['Trade fair', '展会', 'VIP']);
    expect(items[1].tags).toEqual(['Trade fair', '展会', 'VIP']);
    await api.call('POST', '/leads/tags', { token: dana, body: { lead_ids: [b], remove: ['vip'] } });
    expect(ids(await list(dana, 'tag=VIP'))).toEqual([a]);
    expect(ids(await list(dana, `tag=${encodeURIComponent('trade fair')}&sort=oldest`))).toEqual([a, b]);
    const facets = (await api.call('GET', '/leads/collects/facets', { token: dana })).body.data;
    expect(facets.tags).toEqual(expect.arrayContaining(['Trade fair', '展会', 'VIP']));
  });

  it('refuses an empty or too long tag, or more than 10 on a lead, changing nothing', async () => {
    const id = picked[2]!.id;
    const before = await rowsOf('dana@example.com');
    const long = await api.call('POST', '/leads/tags', {
      token: dana,
      body: { lead_ids: [id], add: ['x'.repeat(25)] },
    });
    expect(long.body).toMatchObject({ code: 40001, msg: '标签需为 1–24 个字符', data: { field: 'add' } });
    const blank = await api.call('POST', '/leads/tags', {
      token: dana,
      lang: 'en',
      body: { lead_ids: [id], add: ['  '] },
    });
    expect(blank.body).toMatchObject({ code: 40001, msg: 'A tag must be 1–24 characters.' });
    const nothing = await api.call('POST', '/leads/tags', { token: dana, body: { lead_ids: [id] } });
    expect(nothing.body.code).toBe(40001);
    await api.call('POST', '/leads/tags', {
      token: dana,
      body: { lead_ids: [id], add: Array.from({ length: 8 }, (_, i) => `t${i}`) },
    });
    const after8 = await rowsOf('dana@example.com');
    // 8 + 3 = 11: refused for the whole call, also for the other lead that had room.
    const many = await api.call('POST', '/leads/tags', {
      token: dana,
      lang: 'en',
      body: { lead_ids: [picked[3]!.id, id], add: ['a', 'b', 'c'] },
    });
    expect(many.body).toMatchObject({ code: 40001, msg: 'A lead can have at most 10 tags.' });
    expect(await rowsOf('dana@example.com')).toEqual(after8);
    expect(before.find((r) => r.leadId === id)!.tags).toEqual([]);
  });

  it("refuses tags on another user's or an unsaved lead", async () => {
    const res = await api.call('POST', '/leads/tags', {
      token: eve,
      body: { lead_ids: [picked[0]!.id], add: ['x'] },
    });
    expect(res.body.code).toBe(40400);
    const [row] = await api.database.db
      .select()
      .from(collects)
      .where(and(eq(collects.leadId, picked[0]!.id)));
    expect(row!.tags).not.toContain('x');
  });
});

describe('filters, sorts and export', () => {
  it('filters by country code or name in either language; an unknown name matches nothing', async () => {
    const lead = picked[0]!;
    const place = await api.call('GET', '/leads/collects/facets', { token: dana, lang: 'en' });
    const country = place.body.data.countries.find((c: { code: string }) => c.code === lead.country);
    const zhFacets = (await api.call('GET', '/leads/collects/facets', { token: dana, lang: 'zh' })).body.data;
    const zhName = zhFacets.countries.find((c: { code: string }) => c.code === lead.country).name;
    for (const typed of [
      lead.country,
      lead.country.toLowerCase(),
      country.name,
      country.name.toUpperCase(),
      zhName,
    ])
      expect(ids(await list(dana, `country=${encodeURIComponent(typed)}`)), typed).toEqual([lead.id]);
    expect(await list(dana, `country=${encodeURIComponent('Atlantis')}`)).toMatchObject({
      code: 0,
      data: { items: [], total: 0 },
    });
    expect((await list(dana, 'country=%E6%BE%B3%E5%A4%A7%E5%88%A9%E4%BA%9A')).code).toBe(0);
  });

  it('sorts by name both ways and by role', async () => {
    const up = ids(await list(dana, 'sort=name'));
    expect(ids(await list(dana, 'sort=name&dir=desc'))).toEqual([...up].reverse());
    const roles = (await list(dana, 'sort=role')).data.items.map((i: { role: string }) => i.role);
    expect(roles).toEqual([...roles].sort());
    expect((await list(dana, 'sort=stage&dir=up')).code).toBe(40001);
  });

  it('exports every matching row, not only one page, with stage and tags', async () => {
    const page = await list(dana, 'page_size=1');
    expect(page.data.items).toHaveLength(1);
    const all = (await api.call('GET', '/leads/collects/export', { token: dana })).body.data;
    expect(all).toMatchObject({ total: 4, limit: 5000 });
    expect(all.items).toHaveLength(4);
    expect(all.items[0]).toHaveProperty('stage');
    expect(all.items[0]).toHaveProperty('tags');
    const filtered = (await api.call('GET', '/leads/collects/export?stage=contacted', { token: dana })).body
      .data;
    expect(filtered.total).toBe(2);
    expect((await api.call('GET', '/leads/collects/export?page=2', { token: dana })).body.code).toBe(40001);
    expect((await api.call('GET', '/leads/collects/export', { token: eve })).body.data.total).toBe(1);
    expect((await api.call('GET', '/leads/unlocked/export', { token: eve })).body.data.total).toBe(1);
  });

  it('bulk unsave removes only the given saved leads of this user', async () => {
    await api.call('DELETE', '/leads/collect', { token: eve, body: { lead_ids: picked.map((l) => l.id) } });
    expect((await list(dana)).data.total).toBe(4);
    await api.call('DELETE', '/leads/collect', {
      token: dana,
      body: { lead_ids: [picked[0]!.id, picked[1]!.id] },
    });
    expect(ids(await list(dana)).sort()).toEqual([picked[2]!.id, picked[3]!.id].sort());
  });

  it('refuses the new calls without a token', async () => {
    for (const [method, path] of [
      ['POST', '/leads/stage'],
      ['POST', '/leads/tags'],
      ['GET', '/leads/collects/export'],
      ['GET', '/leads/unlocked/facets'],
    ] as const)
      expect((await api.call(method, path, { body: {} })).body.code, path).toBe(40100);
  });
});
