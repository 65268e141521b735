import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { Llm } from '../../server/platform/llm/types.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { CHINESE_PROFILE, ENGLISH_PROFILE } from './profiles.ts';
import { editableProfile } from './fixtures.ts';
import { trackedSettled } from '../../server/platform/work.ts';

let api: Api;
let app: ReturnType<typeof createApp>;
let accounts = 0;

beforeAll(async () => {
  api = await startApi({ outreach: false });
  app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true, log: () => {} });
}, 60_000);
afterAll(() => api.close());
// Uploads are rate limited per 10 minutes; each test starts a fresh window.
beforeEach(() => api.clock.advance(11 * 60 * 1000));

const newUser = (language: 'zh' | 'en' = 'zh') =>
  api.signUp(`seller${++accounts}@example.com`, 'Secret123', { language });

/** POST /upload_file as the browser sends it, from the browser `clientId`. */
async function upload(token: string, name: string, text: string, clientId = 'browser-aaaa-1') {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/plain' }));
  form.append('clientId', clientId);
  const res = await app.request('/api/upload_file', {
    method: 'POST',
    headers: { token, 'x-forwarded-for': '203.0.113.20' },
    body: form,
  });
  return (await res.json()) as Answer;
}

const profile = async (token: string, lang: 'zh' | 'en' = 'zh') =>
  (await api.call('GET', '/profile', { token, lang })).body;
const save = (token: string, body: unknown, lang: 'zh' | 'en' = 'zh') =>
  api.call('PUT', '/profile', { token, body, lang });

describe('the profile is read from the company files without an LLM', () => {
  it('a Chinese brochure fills in names, products, strengths, certifications, MOQ, website and signature', async () => {
    const token = await newUser();
    expect((await upload(token, '公司简介.txt', CHINESE_PROFILE)).code).toBe(0);
    const { code, data } = await profile(token);
    expect(code).toBe(0);
    expect(data).toMatchObject({
      company_zh: '宁波明亮宠物用品有限公司',
      company_en: 'Ningbo Bright Pet Products Co., Ltd.',
      moq: { quantity: 500, unit: 'kg' },
      website: 'www.brightpet.cn',
      name_zh: '李伟',
      name_en: 'Li Wei',
      title_zh: '销售经理',
      title_en: 'Sales Manager',
      phone: '+86 574 8765 4321',
      wechat: 'liwei_brightpet',
      whatsapp: '+86 138 0574 1234',
      files_read: 1,
      read_by: 'builtin',
      edited: [],
    });
    // Products are the taxonomy's, named in both languages; the company's name is not a product.
    const products = data.products.map((p: { id: string }) => p.id);
    expect(products).toEqual(expect.arrayContaining(['cat-food', 'dog-food', 'pet-treats']));
    expect(products).not.toContain('pet-products');
    expect(data.products).toContainEqual({ id: 'cat-food', zh: '猫粮', en: 'cat food' });
    expect(data.strengths).toEqual(
      expect.arrayContaining(['manufacturer', 'oem_odm', 'customization', 'samples', 'rnd']),
    );
    expect(data.certifications).toEqual(['ISO 9001', 'FDA', 'BRC', 'HACCP']);
    expect(data.from_files).toEqual(expect.arrayContaining(['company_zh', 'products', 'moq', 'phone']));
  });

  it('an English profile too; a contact line gives the title in the other language', async () => {
    const token = await newUser('en');
    expect((await upload(token, 'profile.txt', ENGLISH_PROFILE)).code).toBe(0);
    const { data } = await profile(token, 'en');
    expect(data).toMatchObject({
      company_zh: '',
      company_en: 'Shenzhen Lumo Lighting Technology Co.,Ltd',
      moq: { quantity: 100, unit: 'piece' },
      website: 'lumolighting.com',
      name_en: 'Anna Chen',
      title_en: 'Export Manager',
      title_zh: '外贸经理',
      wechat: 'anna-lumo',
      whatsapp: '+86 13912345678',
    });
    expect(data.products.map((p: { id: string }) => p.id)).toEqual([
      'led-panel-lights',
      'downlights',
      'solar-street-lights',
    ]);
    expect(data.certifications).toEqual(['ISO 9001', 'CE', 'RoHS', 'UL']);
    // "Export Manager" is a job, not a claim that the company exports.
    expect(data.strengths).not.toContain('export_experience');
  });

  it('each fact read from the files comes with the line it was read in; an edited field loses it', async () => {
    const token = await newUser('en');
    expect((await upload(token, 'profile.txt', ENGLISH_PROFILE)).code).toBe(0);
    const read = (await profile(token, 'en')).data;
    const lines = ENGLISH_PROFILE.split('\n').map((line) => line.trim());
    expect(read.sources.fields).toMatchObject({
      moq: 'MOQ: 100 pcs. OEM and ODM welcome. Samples available.',
      name_en: 'Contact: Anna Chen, Export Manager',
      whatsapp: 'Tel: 0755-2345 6789 | WhatsApp: +86 13912345678 | WeChat ID: anna-lumo',
    });
    // Every quote is a line of the file as written, for every fact from the files.
    const quoted = [
      ...Object.values(read.sources.fields),
      ...Object.values(read.sources.products),
      ...Object.values(read.sources.certifications),
      ...Object.values(read.sources.strengths),
    ] as string[];
    for (const line of quoted) expect(lines).toContain(line);
    expect(Object.keys(read.sources.products)).toEqual(read.products.map((p: { id: string }) => p.id));
    expect(Object.keys(read.sources.certifications)).toEqual(read.certifications);

    const edited = await save(
      token,
      { ...editableProfile(read), name_en: 'Anna C.', products: ['led-panel-lights'] },
      'en',
    );
    expect(edited.body.data.sources.fields.name_en).toBeUndefined();
    expect(edited.body.data.sources.fields.moq).toBe(read.sources.fields.moq);
    expect(Object.keys(edited.body.data.sources.products)).toEqual(['led-panel-lights']);
  });

  it('belongs to the account: the same profile from any browser, none for another account', async () => {
    const token = await newUser();
    await upload(token, 'a.txt', CHINESE_PROFILE, 'browser-one-11');
    expect((await profile(token)).data.company_zh).toBe('宁波明亮宠物用品有限公司');
    const stranger = await newUser();
    const theirs = (await profile(stranger)).data;
    expect(theirs).toMatchObject({ company_zh: '', products: [], files_read: 0, phone: '' });
  });

  it('a user without files gets an empty profile, not an error', async () => {
    const token = await newUser();
    const { code, data } = await profile(token);
    expect(code).toBe(0);
    expect(data).toMatchObject({ company_zh: '', company_en: '', products: [], moq: null, from_files: [] });
  });
});

describe('PUT /profile: the user edits it', () => {
  it('saves the edits; reading the files again keeps edited fields and follows the files for the rest', async () => {
    const token = await newUser();
    const first = await upload(token, 'brochure.txt', CHINESE_PROFILE);
    const read = (await profile(token)).data;
    const res = await save(token, {
      ...editableProfile(read),
      company_en: 'Bright Pet Food Ningbo',
      products: ['cat-food', 'dog-food'],
      moq: { quantity: 1, unit: 'ton' },
      name_en: 'William Li',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      company_en: 'Bright Pet Food Ningbo',
      moq: { quantity: 1, unit: 'ton' },
      name_en: 'William Li',
    });
    expect(res.body.data.edited.sort()).toEqual(['company_en', 'moq', 'name_en', 'products']);
    expect(res.body.data.from_files).not.toContain('company_en');

    // A second file: its facts fill the fields not edited; the edited ones stay the user's.
    await upload(token, 'lumo.txt', ENGLISH_PROFILE);
    const after = (await profile(token)).data;
    expect(after.company_en).toBe('Bright Pet Food Ningbo');
    expect(after.products.map((p: { id: string }) => p.id)).toEqual(['cat-food', 'dog-food']);
    expect(after.certifications).toEqual(expect.arrayContaining(['CE', 'RoHS', 'UL', 'BRC']));

    // Deleting the brochure takes its facts out of the fields the user did not edit.
    await api.call('POST', '/delete_file', { token, body: { file_id: first.data.file_id } });
    const left = (await profile(token)).data;
    expect(left.company_zh).toBe('');
    expect(left.certifications).not.toContain('BRC');
    expect(left.company_en).toBe('Bright Pet Food Ningbo');

    // "Read the files again, forget my edits": every field comes from the files.
    const reset = await api.call('POST', '/profile/refresh', { token, body: { reset: true } });
    expect(reset.body.data).toMatchObject({
      edited: [],
      company_en: 'Shenzhen Lumo Lighting Technology Co.,Ltd',
    });
  });

  it('keeps names as text: markup is stored and answered as written', async () => {
    const token = await newUser();
    const base = editableProfile((await profile(token)).data);
    const name = '<img src=x onerror=alert(1)> & "Ltd"';
    const res = await save(token, { ...base, company_en: name });
    expect(res.body.code).toBe(0);
    expect((await profile(token)).data.company_en).toBe(name);
  });

  const hostile: [string, unknown, string, string][] = [
    [
      'company_zh',
      `宁波${'很'.repeat(130)}有限公司`,
      '这一项不能超过 120 个字，也不能换行',
      'This can be at most 120 characters, on one line.',
    ],
    [
      'company_en',
      'Bright\r\nBcc: victim@example.com',
      '这一项不能超过 120 个字，也不能换行',
      'This can be at most 120 characters, on one line.',
    ],
    [
      'name_en',
      'Li\u0000Wei',
      '这一项不能超过 60 个字，也不能换行',
      'This can be at most 60 characters, on one line.',
    ],
    [
      'products',
      ['not-a-product'],
      '请从产品列表中选择产品，最多 20 个',
      'Choose products from the product list, at most 20.',
    ],
    [
      'products',
      ['../../etc'],
      '请从产品列表中选择产品，最多 20 个',
      'Choose products from the product list, at most 20.',
    ],
    [
      'products',
      Array.from({ length: 21 }, (_, i) => `p${i}`),
      '请从产品列表中选择产品，最多 20 个',
      'Choose products from the product list, at most 20.',
    ],
    ['strengths', ['best_in_world'], '请从列出的选项中选择', 'Choose from the options listed.'],
    ['certifications', ['ISO 9999'], '请从列出的选项中选择', 'Choose from the options listed.'],
    [
      'moq',
      { quantity: 0, unit: 'piece' },
      '起订量需是 1 到 100000000 之间的整数，并选择单位',
      'The minimum order must be a whole number from 1 to 100000000, with a unit.',
    ],
    [
      'moq',
      { quantity: 2.5, unit: 'kg' },
      '起订量需是 1 到 100000000 之间的整数，并选择单位',
      'The minimum order must be a whole number from 1 to 100000000, with a unit.',
    ],
    [
      'moq',
      { quantity: 10, unit: 'barrel' },
      '起订量需是 1 到 100000000 之间的整数，并选择单位',
      'The minimum order must be a whole number from 1 to 100000000, with a unit.',
    ],
    [
      'website',
      'javascript:alert(1)',
      '网址格式不正确，例如 www.example.com',
      'This website address is not valid, e.g. www.example.com.',
    ],
    [
      'website',
      'http://exa mple.com',
      '网址格式不正确，例如 www.example.com',
      'This website address is not valid, e.g. www.example.com.',
    ],
    [
      'phone',
      '+86 574 8765 4321; DROP TABLE users',
      '电话号码只能包含数字、空格、括号、横线，可以用 + 开头',
      'A phone number holds digits, spaces, brackets and dashes, optionally starting with +.',
    ],
    [
      'whatsapp',
      '12',
      '电话号码只能包含数字、空格、括号、横线，可以用 + 开头',
      'A phone number holds digits, spaces, brackets and dashes, optionally starting with +.',
    ],
    [
      'wechat',
      'a b',
      '微信号需为 6-20 位字母、数字、下划线或横线，以字母开头；也可以填手机号',
      'A WeChat ID is 6-20 letters, digits, underscores or dashes starting with a letter; a phone number works too.',
    ],
  ];
  it.each(hostile)(
    'a bad %s (%j) is refused with its message in Chinese and English, and nothing changes',
    async (field, value, zh, en) => {
      const token = await newUser();
      await upload(token, 'brochure.txt', CHINESE_PROFILE);
      const before = (await profile(token)).data;
      for (const [lang, text] of [
        ['zh', zh],
        ['en', en],
      ] as const) {
        const res = await save(token, { ...editableProfile(before), [field]: value }, lang);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 40001, msg: text, data: { field } });
      }
      expect((await profile(token)).data).toEqual(before);
    },
  );

  it('refuses a partial body, an unknown field and a missing token', async () => {
    const token = await newUser();
    const base = editableProfile((await profile(token)).data);
    const { website: _w, ...partial } = base;
    expect((await save(token, partial)).body).toMatchObject({ code: 40001, data: { field: 'website' } });
    expect((await save(token, { ...base, founded: 2009 })).body).toMatchObject({
      code: 40001,
      data: { field: 'founded' },
    });
    for (const [method, path] of [
      ['GET', '/profile'],
      ['PUT', '/profile'],
      ['POST', '/profile/refresh'],
      ['GET', '/profile/products?q=cat'],
    ] as const) {
      const res = await api.call(method, path, { body: base });
      expect(res.body.code, `${method} ${path}`).toBe(40100);
    }
  });
});

describe('GET /profile/products', () => {
  it.each([
    ['猫粮', 'cat-food'],
    ['cat food', 'cat-food'],
    ['LED pan', 'led-panel-lights'],
  ])('“%s” suggests %s, named in both languages', async (q, id) => {
    const token = await newUser();
    const res = await api.call('GET', `/profile/products?q=${encodeURIComponent(q)}`, { token });
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((p: { id: string }) => p.id)).toContain(id);
    expect(res.body.data.length).toBeLessThanOrEqual(8);
  });

  it('an empty or overlong query is refused', async () => {
    const token = await newUser();
    for (const q of ['', 'x'.repeat(81)])
      expect((await api.call('GET', `/profile/products?q=${q}`, { token })).body.code).toBe(40001);
  });
});

describe('with an LLM', () => {
  it('its reading fills what the built-in reader missed, but never a name, number or certificate the files do not hold', async () => {
    const saved = api.services.llm;
    const answers: string[] = [];
    const llm: Llm = {
      model: 'fake',
      log: () => {},
      complete: async () => answers.shift() ?? 'not json',
    };
    api.services.llm = llm;
    try {
      const token = await newUser();
      const text = `明亮宠物食品厂 专业生产猫粮。认证：CE。联系我们：139 0000 1111`;
      await upload(token, 'a.txt', text);
      // The upload's own reading runs in the background; it must not take the answer meant for
      // the refresh below.
      await trackedSettled(5_000);
      answers.push(
        JSON.stringify({
          company_zh: '明亮宠物食品厂',
          company_en: 'Bright Pet Food Factory',
          products_en: ['cat food', 'rocket engines'],
          strengths: ['manufacturer'],
          certifications: ['CE', 'ISO 9001'],
          moq: { quantity: 1000, unit: 'kg' },
          website: 'www.invented.example',
          name_zh: '',
          name_en: '',
          title_zh: '',
          title_en: '',
          phone: '139 0000 1111',
          wechat: '',
          whatsapp: '+1 555 000 0000',
        }),
      );
      const res = await api.call('POST', '/profile/refresh', { token, body: {} });
      expect(res.body.data).toMatchObject({
        company_zh: '明亮宠物食品厂',
        // Not written in the files: an English name, a website, an MOQ, a WhatsApp number, ISO 9001.
        company_en: '',
        website: '',
        moq: null,
        whatsapp: '',
        phone: '139 0000 1111',
        certifications: ['CE'],
        read_by: 'llm',
      });
      expect(res.body.data.products.map((p: { id: string }) => p.id)).toEqual(['cat-food']);
      // The LLM's facts are quoted from the file like the built-in reader's.
      // (Chinese lines are quoted sentence by sentence.)
      expect(res.body.data.sources.fields).toEqual({
        company_zh: '明亮宠物食品厂 专业生产猫粮。',
        phone: '联系我们：139 0000 1111',
      });
      expect(res.body.data.sources.products).toEqual({ 'cat-food': '明亮宠物食品厂 专业生产猫粮。' });
      expect(res.body.data.sources.certifications).toEqual({ CE: '认证：CE。' });
      // An answer that is not JSON leaves the built-in reading (which also reads 宠物食品 in the name).
      const again = await api.call('POST', '/profile/refresh', { token, body: {} });
      // (Its phone has no label, so the built-in reader does not take it for a phone number.)
      expect(again.body.data).toMatchObject({ company_zh: '', phone: '', certifications: ['CE'] });
      expect(again.body.data.products.map((p: { id: string }) => p.id)).toContain('cat-food');
    } finally {
      api.services.llm = saved;
    }
  });
});
