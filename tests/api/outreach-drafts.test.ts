import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATIONS } from '../../contract/profile.ts';
import { createApp } from '../../server/app.ts';
import { CATEGORY_BY_ID } from '../../server/leads/reference.ts';
import type { Llm } from '../../server/platform/llm/types.ts';
import { reshapedLead as lead } from './fixtures.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { CHINESE_PROFILE } from './profiles.ts';
import { showLeads } from './shown.ts';

/*
 * Drafts that say true things (issue 15): written from the seller profile alone, to the person
 * behind the address, signed with the profile's signature, in the buyer's language with a Chinese
 * preview of the same facts, without an LLM.
 */

let api: Api;
let app: ReturnType<typeof createApp>;
let seller: string;
let accounts = 0;

const PET_FOOD = 177;
const PET_ACCESSORIES = 178;

/** An Australian importer of pet accessories (cat litter, pads): not what the seller makes. */
const saltmarsh = lead(
  0,
  { name: 'Saltmarsh Partners Pty Ltd', country: 'AU', categories: [PET_ACCESSORIES] },
  [['Peter Schmidt', 'peter.schmidt@saltmarsh.example']],
  ['info@saltmarsh.example'],
);
/** A German buyer of pet food: what the seller makes. */
const futterhaus = lead(
  1,
  { name: 'Futterwerk Nord GmbH', country: 'DE', categories: [PET_FOOD, PET_ACCESSORIES] },
  [['Dr. Anna Müller', 'a.mueller@futterwerk.example']],
  [],
);
/** A Spanish supplier: the user asks it for a quotation. */
const proveedor = lead(
  2,
  { name: 'Mascotas Iberia SL', country: 'ES', role: 'supplier', categories: [PET_ACCESSORIES] },
  [],
  ['ventas@mascotas-iberia.example'],
);
const LEADS = [saltmarsh, futterhaus, proveedor];

beforeAll(async () => {
  api = await startApi({ leads: LEADS, outreach: false });
  app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true, log: () => {} });
  seller = await newSeller(CHINESE_PROFILE);
}, 60_000);
afterAll(() => api.close());

/** A user who uploaded `profile` as a TXT file and unlocked every test lead. */
async function newSeller(profile: string | null): Promise<string> {
  const email = `seller${++accounts}@example.com`;
  const token = await api.signUp(email);
  await showLeads(
    api,
    email,
    LEADS.map((l) => l.id),
  );
  for (const l of LEADS)
    expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: l.id } })).body.code).toBe(0);
  if (profile) {
    const form = new FormData();
    form.append('file', new File([profile], '公司简介.txt', { type: 'text/plain' }));
    form.append('clientId', 'browser-test-1');
    const res = await app.request('/api/upload_file', { method: 'POST', headers: { token }, body: form });
    expect(((await res.json()) as Answer).code).toBe(0);
  }
  return token;
}

const draft = async (token: string, leadId: string, lang: 'zh' | 'en', language?: string) => {
  const res = await api.call('POST', '/outreach/generate', {
    token,
    lang,
    body: { lead_id: leadId, ...(language ? { language } : {}) },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

/** Every text of a draft: the first email, its follow-ups and every preview. */
function texts(d: Answer['data']): string[] {
  const all = [d.subject, d.body];
  if (d.preview) all.push(d.preview.subject, d.preview.body);
  for (const f of d.follow_ups) {
    all.push(f.subject, f.body);
    if (f.preview) all.push(f.preview.subject, f.preview.body);
  }
  return all;
}

/** The profile's own words: what a draft may state about the seller. */
async function profileOf(token: string) {
  return (await api.call('GET', '/profile', { token })).body.data;
}

/**
 * The numbers and certifications a text states that the profile does not hold (the lead's own
 * name is not a claim).
 */
function invented(text: string, profile: Answer['data'], leadName: string): string[] {
  // Whole numbers: a 50 is not in a profile that says 500.
  const known = new Set(JSON.stringify(profile).match(/\d+/g) ?? []);
  const body = text.split(leadName).join(' ');
  const numbers = (body.match(/\d+/g) ?? []).filter((n) => !known.has(n));
  const certificates = CERTIFICATIONS.filter(
    (c) =>
      !profile.certifications.includes(c) &&
      new RegExp(`(?<![A-Za-z])${c.replace(/\s/g, '\\s?')}(?![A-Za-z])`).test(body),
  );
  return [...numbers, ...certificates];
}

/** The names (and synonyms) of a lead category, in both languages. */
const categoryWords = (id: number) => {
  const c = CATEGORY_BY_ID.get(id)!;
  return [c.en, c.zh, ...c.synonyms_en, ...c.synonyms_zh].map((w) => w.toLowerCase());
};

describe('a Chinese-only profile writing to an English-speaking buyer, without an LLM', () => {
  let d: Answer['data'];
  beforeAll(async () => {
    d = await draft(seller, saltmarsh.id, 'zh');
  });

  it('writes a complete English email naming the seller’s company and its own products in English', () => {
    expect(d).toMatchObject({ language: 'en', source: 'template', translate: false, missing: [] });
    expect(d.body).toContain('Ningbo Bright Pet Products Co., Ltd.');
    expect(d.body).toMatch(/We make cat food, dog food and pet treats\./);
    expect(d.subject).toBe('Cat food and dog food for Saltmarsh Partners Pty Ltd');
    expect(d.body).not.toMatch(/[\u3400-\u9fff]/);
    expect(d.body).toContain('Our certifications: ISO 9001, FDA, BRC and HACCP.');
    expect(d.body).toContain('Our minimum order is 500 kg.');
  });

  it('never claims the buyer’s categories as the seller’s (cat litter, pet accessories)', () => {
    const words = categoryWords(PET_ACCESSORIES);
    for (const text of texts(d)) {
      const claims = text
        .split('Ningbo Bright Pet Products Co., Ltd.')
        .join(' ')
        .split('宁波明亮宠物用品有限公司')
        .join(' ')
        .toLowerCase();
      for (const word of words) expect(claims, `“${word}” in ${text}`).not.toContain(word);
    }
  });

  it('greets the named contact by first name, and signs with the profile’s signature', () => {
    expect(d.to[0]).toBe('peter.schmidt@saltmarsh.example');
    expect(d.body.split('\n')[0]).toBe('Dear Peter,');
    expect(d.body).not.toMatch(/team,/);
    expect(d.body).toMatch(
      /Best regards,\nLi Wei\nSales Manager\nNingbo Bright Pet Products Co\., Ltd\.\nTel: \+86 574 8765 4321\nWhatsApp: \+86 138 0574 1234\nWeChat: liwei_brightpet\nwww\.brightpet\.cn$/,
    );
    expect(d.body).not.toContain('seller1');
  });

  it('a generic address gets a neutral greeting, never "Dear <company> team"', () => {
    expect(d.greetings).toEqual([
      {
        email: 'peter.schmidt@saltmarsh.example',
        person: 'Peter Schmidt',
        line: 'Dear Peter,',
        preview: 'Peter，您好！',
      },
      { email: 'info@saltmarsh.example', person: null, line: 'Hello,', preview: '您好！' },
    ]);
  });

  it('the Chinese preview states the same facts, from the same profile', () => {
    const { preview } = d;
    expect(preview.subject).toBe('猫粮和狗粮供应 - Saltmarsh Partners Pty Ltd');
    expect(preview.body.split('\n')[0]).toBe('Peter，您好！');
    expect(preview.body).toContain('我是宁波明亮宠物用品有限公司的联系人。我们生产猫粮、狗粮和宠物零食。');
    expect(preview.body).toContain('我们的认证：ISO 9001、FDA、BRC和HACCP。最小起订量为500公斤。');
    expect(preview.body).toContain('澳大利亚');
    expect(preview.body).toMatch(
      /此致\n敬礼\n\n李伟\n销售经理\n宁波明亮宠物用品有限公司\n电话：\+86 574 8765 4321/,
    );
    const numbers = (text: string) => (text.match(/\d+/g) ?? []).sort();
    expect(numbers(preview.body)).toEqual(numbers(d.body));
  });

  it('every number and certification in every email and preview is in the profile', async () => {
    const profile = await profileOf(seller);
    for (const text of texts(d)) expect(invented(text, profile, saltmarsh.name), text).toEqual([]);
  });

  it('drafts two follow-ups (days 4 and 10) under the first email’s own subject (no "Re:": the buyer has not answered), with previews', () => {
    expect(d.follow_ups.map((f: { days: number }) => f.days)).toEqual([4, 10]);
    const [second, third] = d.follow_ups;
    expect(second.subject).toBe(d.subject);
    expect(third.subject).toBe(d.subject);
    expect(second.body).toMatch(
      /^Dear Peter,\n\nI am following up on my email about cat food, dog food and pet treats\./,
    );
    expect(third.body).toContain('this is my last note');
    expect(second.preview.body).toMatch(/^Peter，您好！\n\n跟进一下我之前关于猫粮、狗粮和宠物零食的邮件。/);
    for (const f of d.follow_ups) expect(f.body).toContain('Li Wei\nSales Manager');
  });

  it('an English reader gets no preview of an English email', async () => {
    const en = await draft(seller, saltmarsh.id, 'en');
    expect(en.preview).toBeNull();
    expect(en.follow_ups[0].preview).toBeNull();
    expect(en.greetings[0].preview).toBeNull();
    expect(en.body).toBe(d.body);
  });
});

describe('the buyer’s language, and the products it buys first', () => {
  it('a German buyer is written to in German by default, its pet food first, greeted as Frau Dr. with her family name', async () => {
    const d = await draft(seller, futterhaus.id, 'zh');
    expect(d.language).toBe('de');
    expect(d.languages).toEqual(['de', 'en', 'zh']);
    expect(d.body.split('\n')[0]).toBe('Guten Tag Frau Dr. Müller,');
    expect(d.body).toContain('ich schreibe Ihnen im Namen von Ningbo Bright Pet Products Co., Ltd.');
    expect(d.body).toContain('unsere cat food, dog food und pet treats zu Ihrem Einkauf passen könnten');
    expect(d.body).toContain('Mit freundlichen Grüßen\nLi Wei');
    expect(d.preview.body).toContain('相信我们的猫粮、狗粮和宠物零食适合贵公司的采购');
    const profile = await profileOf(seller);
    for (const text of texts(d)) expect(invented(text, profile, futterhaus.name), text).toEqual([]);
  });

  it('the same German buyer in English on request', async () => {
    const d = await draft(seller, futterhaus.id, 'zh', 'en');
    expect(d.language).toBe('en');
    expect(d.body.split('\n')[0]).toBe('Dear Anna,');
  });

  it('a supplier is asked for a quotation on its own products in Spanish', async () => {
    const d = await draft(seller, proveedor.id, 'en');
    expect(d.language).toBe('es');
    expect(d.subject).toBe('Consulta de compra: pet accessories de Mascotas Iberia SL');
    expect(d.body.split('\n')[0]).toBe('Buenos días:');
    expect(d.body).toContain('¿Podría enviarnos su catálogo');
    expect(d.body).toContain('Saludos cordiales,\nLi Wei');
    expect(d.preview.subject).toBe('Sourcing inquiry: pet accessories from Mascotas Iberia SL');
  });
});

describe('a profile that says little', () => {
  it('without files: no product, no company, no signature is invented; the draft says what is missing', async () => {
    const token = await newSeller(null);
    const d = await draft(token, saltmarsh.id, 'zh');
    expect(d.missing).toEqual(['products', 'company', 'signature']);
    // No certificate on file: no sentence about certifications, not even an empty one.
    expect(d.body).not.toContain('Our certifications');
    // Asking a supplier for a quotation needs none of our products.
    expect((await draft(token, proveedor.id, 'zh')).missing).toEqual(['company', 'signature']);
    expect(d.subject).toBe('Supplying Saltmarsh Partners Pty Ltd');
    expect(d.body).not.toMatch(/We (?:make|supply)/);
    expect(d.body).toContain('If our products could interest you');
    expect(d.body).toMatch(/Best regards,$/);
    const profile = await profileOf(token);
    for (const text of texts(d)) expect(invented(text, profile, saltmarsh.name), text).toEqual([]);
    for (const word of categoryWords(PET_ACCESSORIES)) expect(d.body.toLowerCase()).not.toContain(word);
  });
});

describe('with an LLM', () => {
  /** What the model was asked (its brief, parsed) and what the draft logged, per call. */
  const briefs: Answer['data'][] = [];
  const logs: string[] = [];
  const withLlm = async (answer: string, run: () => Promise<void>) => {
    const saved = api.services.llm;
    briefs.length = 0;
    logs.length = 0;
    const llm: Llm = {
      model: 'fake',
      log: (line) => logs.push(line),
      complete: async (request) => {
        briefs.push(JSON.parse(String(request.messages.at(-1)!.content)));
        return answer;
      },
    };
    api.services.llm = llm;
    try {
      await run();
    } finally {
      api.services.llm = saved;
    }
  };

  it('its paragraphs go between the writer’s own greeting and signature; translation is on', async () => {
    await withLlm(
      JSON.stringify({
        subject: 'Cat food for Saltmarsh',
        body: 'Dear Saltmarsh team,\n\nWe make cat food and dog food in Ningbo, certified to BRC, and would be glad to send samples.\n\nBest regards,\nAlice',
      }),
      async () => {
        const d = await draft(seller, saltmarsh.id, 'zh');
        expect(d).toMatchObject({
          source: 'llm',
          translate: true,
          preview: null,
          subject: 'Cat food for Saltmarsh',
        });
        expect(d.body).toMatch(/^Dear Peter,\n\nWe make cat food and dog food in Ningbo/);
        expect(d.body).not.toContain('Saltmarsh team');
        expect(d.body).toMatch(/Best regards,\nLi Wei\nSales Manager/);
        expect(d.follow_ups[0].subject).toBe('Cat food for Saltmarsh');
        // The model's own sign-off and name are cut: only the writer's signature closes it.
        expect(d.body).not.toContain('Alice');
      },
    );
  });

  const GOOD = 'We make cat food and dog food in Ningbo and would be glad to send samples to you.';

  it('an answer with words around its JSON is still read', async () => {
    await withLlm(
      `Here is the email:\n${JSON.stringify({ subject: 'Samples', body: GOOD })}\nHope it helps.`,
      async () => {
        const d = await draft(seller, saltmarsh.id, 'zh');
        expect(d).toMatchObject({ source: 'llm', subject: 'Samples' });
        expect(d.body).toContain(GOOD);
      },
    );
  });

  it.each([
    ['no JSON at all', 'I cannot write this email.', 'the answer holds no JSON object'],
    ['a closing brace before any opening one', '} no email {', 'the answer holds no JSON object'],
    ['JSON without a subject', JSON.stringify({ body: GOOD }), 'unusable draft: '],
    [
      'only a greeting and a sign-off',
      JSON.stringify({ subject: 'Hello', body: 'Dear team,\n\nThanks.\n\nBest regards,\nAlice' }),
      'the draft holds no paragraphs',
    ],
  ])(
    'an answer with %s falls back to the built-in writer and says why in the log',
    async (_what, text, why) => {
      await withLlm(text, async () => {
        const d = await draft(seller, saltmarsh.id, 'zh');
        expect(d.source).toBe('template');
        expect(d.body).toContain('We make cat food, dog food and pet treats.');
        expect(logs).toEqual([
          expect.stringContaining(`[outreach] fake: draft fell back to the built-in writer: ${why}`),
        ]);
      });
    },
  );

  it('paragraphs of exactly 40 characters are enough; 39 are not', async () => {
    const forty = 'We make cat food for your shops, always.';
    expect(forty).toHaveLength(40);
    await withLlm(JSON.stringify({ subject: 'Short', body: forty }), async () => {
      expect((await draft(seller, saltmarsh.id, 'zh')).source).toBe('llm');
    });
    await withLlm(JSON.stringify({ subject: 'Short', body: forty.slice(1) }), async () => {
      expect((await draft(seller, saltmarsh.id, 'zh')).source).toBe('template');
    });
  });

  it("the model is briefed in the email's language: products, the buyer's description, and the goal by role", async () => {
    const named = (lang: 'zh' | 'en') =>
      [PET_FOOD, PET_ACCESSORIES].map((id) => CATEGORY_BY_ID.get(id)![lang]);
    await withLlm(JSON.stringify({ subject: 'Samples', body: GOOD }), async () => {
      await draft(seller, futterhaus.id, 'zh', 'zh');
      const [zh] = briefs;
      expect(zh.recipient.products).toEqual(named('zh'));
      expect(zh.recipient.description).toBe(futterhaus.descriptionZh || null);
      expect(zh.goal).toBe('offer the sender’s products to this buyer');
      await draft(seller, futterhaus.id, 'zh', 'en');
      // In English prose, a common noun: written in lower case.
      expect(briefs[1].recipient.products).toEqual(named('en').map((n) => n.toLowerCase()));
      expect(briefs[1].recipient.description).toBe(futterhaus.descriptionEn || null);
      await draft(seller, proveedor.id, 'zh', 'en');
      expect(briefs[2].goal).toBe('ask this supplier for a quotation on its products');
    });
  });

  it.each([
    [
      'a certificate the profile lacks',
      'We are certified to ISO 14001 and make cat food for buyers around the world.',
    ],
    [
      'a number the profile lacks',
      'We have 350 employees and make cat food for buyers around the world today.',
    ],
  ])('an answer with %s falls back to the built-in writer', async (_what, body) => {
    await withLlm(JSON.stringify({ subject: 'Cat food', body }), async () => {
      const d = await draft(seller, saltmarsh.id, 'zh');
      expect(d.source).toBe('template');
      expect(d.body).toContain('We make cat food, dog food and pet treats.');
    });
  });
});

describe('plain words when the LLM is off', () => {
  it('translation says it is not switched on without naming a server setting', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await api.call('POST', '/translate', {
        token: seller,
        lang,
        body: { text: 'Hello', target: 'zh' },
      });
      expect(res.body.code).toBe(50300);
      expect(res.body.msg).not.toMatch(/LLM_|_URL|_KEY|MODEL/);
    }
  });

  it('a language the writer does not write is refused', async () => {
    const res = await api.call('POST', '/outreach/generate', {
      token: seller,
      lang: 'en',
      body: { lead_id: saltmarsh.id, language: 'it' },
    });
    expect(res.body).toMatchObject({ code: 40001, data: { field: 'language' } });
  });
});
