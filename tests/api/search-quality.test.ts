import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLeads } from '../../server/leads/generate.ts';
import { CATEGORY_BY_ID } from '../../server/leads/reference.ts';
import { readEvents, startApi, type Api } from './harness.ts';

let api: Api;
// Two users: each has 30 free searches a day, and this suite runs 40.
let tokens: string[];
beforeAll(async () => {
  // The full demo dataset, as `npm start` seeds it.
  api = await startApi({ leads: generateLeads(), env: { RATE_LIMIT_SCALE: '100' } });
  tokens = [await api.signUp('searcher-zh@example.com'), await api.signUp('searcher-en@example.com')];
}, 120_000);
afterAll(() => api.close());

/** [query, role, country, category slug] */
const QUERIES: [string, 'buyer' | 'supplier', string, string][] = [
  ['帮我找德国的LED面板买家', 'buyer', 'DE', 'led-panel-lights'],
  ['寻找美国的太阳能逆变器进口商', 'buyer', 'US', 'solar-inverters'],
  ['越南的纺织面料供应商', 'supplier', 'VN', 'textile-fabrics'],
  ['帮我找英国的家具买家', 'buyer', 'GB', 'home-furniture'],
  ['法国的LED灯带经销商', 'buyer', 'FR', 'led-strip-lights'],
  ['意大利的瓷砖进口商', 'buyer', 'IT', 'ceramic-tiles'],
  ['印度的纺织面料买家', 'buyer', 'IN', 'textile-fabrics'],
  ['日本的宠物玩具分销商', 'buyer', 'JP', 'pet-beds-toys'],
  ['韩国的太阳能电池板供应商', 'supplier', 'KR', 'solar-panels'],
  ['阿联酋的LED面板灯采购商', 'buyer', 'AE', 'led-panel-lights'],
  ['澳大利亚的户外家具买家', 'buyer', 'AU', 'outdoor-furniture'],
  ['加拿大的瑜伽垫进口商', 'buyer', 'CA', 'yoga-accessories'],
  ['墨西哥的汽车刹车片买家', 'buyer', 'MX', 'brake-parts'],
  ['巴西的LED路灯分销商', 'buyer', 'BR', 'street-lights'],
  ['俄罗斯的不锈钢锅具进口商', 'buyer', 'RU', 'cookware'],
  ['土耳其的纺织面料工厂', 'supplier', 'TR', 'textile-fabrics'],
  ['沙特的瓷砖买家', 'buyer', 'SA', 'ceramic-tiles'],
  ['西班牙的办公家具批发商', 'buyer', 'ES', 'office-furniture'],
  ['荷兰的LED球泡灯买家', 'buyer', 'NL', 'led-bulbs'],
  ['波兰的太阳能逆变器经销商', 'buyer', 'PL', 'solar-inverters'],
  ['Find LED panel buyers in Germany', 'buyer', 'DE', 'led-panel-lights'],
  ['solar inverter importers in the US', 'buyer', 'US', 'solar-inverters'],
  ['textile fabric suppliers in Vietnam', 'supplier', 'VN', 'textile-fabrics'],
  ['furniture buyers in the UK', 'buyer', 'GB', 'home-furniture'],
  ['LED strip light distributors in France', 'buyer', 'FR', 'led-strip-lights'],
  ['ceramic tile importers from Italy', 'buyer', 'IT', 'ceramic-tiles'],
  ['yoga mat buyers in Canada', 'buyer', 'CA', 'yoga-accessories'],
  ['brake pad wholesalers in Mexico', 'buyer', 'MX', 'brake-parts'],
  ['solar panel manufacturers in South Korea', 'supplier', 'KR', 'solar-panels'],
  ['LED panel buyers DE', 'buyer', 'DE', 'led-panel-lights'],
  ['outdoor furniture importers Australia', 'buyer', 'AU', 'outdoor-furniture'],
  ['office furniture dealers in Spain', 'buyer', 'ES', 'office-furniture'],
  ['German LED bulb distributors', 'buyer', 'DE', 'led-bulbs'],
  ['led street light buyers brazil', 'buyer', 'BR', 'street-lights'],
  ['cookware importers in Russia', 'buyer', 'RU', 'cookware'],
  ['textile fabric factories in Turkey', 'supplier', 'TR', 'textile-fabrics'],
  ['solar inverter buyers in Poland', 'buyer', 'PL', 'solar-inverters'],
  ['cat tree distributors in Japan', 'buyer', 'JP', 'pet-beds-toys'],
  ['LED panel light purchasers in the UAE', 'buyer', 'AE', 'led-panel-lights'],
  ['Dutch LED bulb buyers', 'buyer', 'NL', 'led-bulbs'],
];

describe('search quality on the demo data (40 queries: 20 zh, 20 en)', () => {
  it.each(QUERIES)('%s', async (query, role, country, slug) => {
    const token = tokens[QUERIES.findIndex(([q]) => q === query) < 20 ? 0 : 1];
    const res = await api.raw('POST', '/chat/search', { token, body: { query } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    const understood = events.find((e) => e.event === 'understood')!.data;
    expect(understood.role).toBe(role);
    expect(understood.country?.code).toBe(country);
    const wanted = CATEGORY_BY_ID.get([...CATEGORY_BY_ID.values()].find((c) => c.slug === slug)!.id)!;
    // Names come in the user's language (zh by default), whichever language the query was in.
    expect(understood.products).toContain(wanted.zh);

    const leads = events.filter((e) => e.event === 'lead').map((e) => e.data);
    expect(leads.length, 'the demo data has matches for this query').toBeGreaterThan(0);
    expect(leads.length).toBeLessThanOrEqual(10);
    for (const lead of leads) {
      expect(lead.role).toBe(role);
      expect(lead.country.code).toBe(country);
      expect(lead.why.products.length).toBeGreaterThan(0);
      expect(lead.contacts).toBeNull();
    }
    expect(events.at(-1)!.event).toBe('summary');
  });
});

describe('search without a known product', () => {
  it('falls back to the words of the sentence and still answers with an event stream', async () => {
    const res = await api.raw('POST', '/chat/search', {
      token: tokens[1],
      body: { query: '沙特的建筑陶瓷买家' },
    });
    const events = await readEvents(res);
    expect(events[0]!.data).toMatchObject({
      role: 'buyer',
      country: { code: 'SA' },
      products: [],
      keywords: ['建筑', '陶瓷'],
    });
    for (const lead of events.filter((e) => e.event === 'lead').map((e) => e.data)) {
      expect(lead.country.code).toBe('SA');
      expect(lead.role).toBe('buyer');
    }
  });
});
