import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import type { Llm } from '../../server/platform/llm/types.ts';
import { EMPTY_PROFILE, type ProfileValues } from '../../server/profile/extract.ts';
import { reshapedLead as lead } from './fixtures.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { showLeads } from './shown.ts';

/*
 * The draft's rules that only POST /outreach/generate shows (server/outreach/draft.ts): what is
 * taken from an LLM's answer and what is cut from it, what the model is told, the follow-ups'
 * subjects, and what the draft says is missing from the profile.
 */

let api: Api;
let accounts = 0;

const PET_FOOD = 177;
const PET_ACCESSORIES = 178;

const saltmarsh = lead(
  0,
  { name: 'Saltmarsh Partners Pty Ltd', country: 'AU', role: 'buyer', categories: [PET_FOOD] },
  [['Peter Schmidt', 'peter.schmidt@saltmarsh.example']],
);
const proveedor = lead(
  1,
  { name: 'Mascotas Iberia SL', country: 'ES', role: 'supplier', categories: [PET_ACCESSORIES] },
  [['María López', 'maria@mascotas-iberia.example']],
);
/** Stored as an older import left it: an address with spaces and capitals, a name of spaces only. */
const untidy = lead(
  2,
  { name: 'Nordic Pet Supply AB', country: 'SE', role: 'buyer', categories: [PET_FOOD] },
  [
    ['   ', '  Anna.Berg@Nordic-Pets.example '],
    ['  Lars Nilsson ', 'lars@nordic-pets.example'],
  ],
);
const LEADS = [saltmarsh, proveedor, untidy];

/** A pet-food maker's profile, as the profile page saves it. */
const MAKER: ProfileValues = {
  ...EMPTY_PROFILE,
  company_zh: '宁波明亮宠物用品有限公司',
  company_en: 'Ningbo Bright Pet Products Co., Ltd.',
  products: ['cat-food', 'dog-food'],
  strengths: ['manufacturer', 'samples'],
  certifications: ['BRC'],
  name_zh: '李伟',
  name_en: 'Li Wei',
};

let seller: string;

beforeAll(async () => {
  api = await startApi({ leads: LEADS, outreach: false });
  seller = await newSeller(MAKER);
}, 60_000);
afterAll(() => api.close());

/** A user with `profile` saved who unlocked every test lead. */
async function newSeller(profile: ProfileValues): Promise<string> {
  const email = `rules${++accounts}@example.com`;
  const token = await api.signUp(email);
  await showLeads(
    api,
    email,
    LEADS.map((l) => l.id),
  );
  for (const l of LEADS)
    expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: l.id } })).body.code).toBe(0);
  const saved = await api.call('PUT', '/profile', { token, body: profile });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  return token;
}

const draft = async (token: string, leadId: string, language?: string) => {
  const res = await api.call('POST', '/outreach/generate', {
    token,
    lang: 'en',
    body: { lead_id: leadId, ...(language ? { language } : {}) },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as Answer['data'];
};

/** What the model was asked (its brief, parsed) and what the draft logged, per call. */
const briefs: Answer['data'][] = [];
const logs: string[] = [];
/** Runs `run` with an LLM that answers `answer` (and logs nothing when `withLog` is false). */
async function withLlm(answer: string, run: () => Promise<void>, withLog = true) {
  const saved = api.services.llm;
  briefs.length = 0;
  logs.length = 0;
  const llm: Llm = {
    model: 'fake',
    ...(withLog ? { log: (line: string) => logs.push(line) } : {}),
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
}
const answer = (subject: string, body: string) => JSON.stringify({ subject, body });

const GOOD = 'We make cat food and dog food in Ningbo and would be glad to send samples to you.';
const SIGNATURE = 'Best regards,\nLi Wei\nNingbo Bright Pet Products Co., Ltd.';

describe('what the model is told', () => {
  it('the language to write in, by its English name', async () => {
    await withLlm(answer('Samples', GOOD), async () => {
      for (const language of ['en', 'zh', 'de', 'es', 'fr']) await draft(seller, saltmarsh.id, language);
      expect(briefs.map((b) => b.language)).toEqual([
        'English',
        'Simplified Chinese',
        'German',
        'Spanish',
        'French',
      ]);
    });
  });
});

describe('what is taken from the model’s answer', () => {
  it('its subject without the spaces around it, which the follow-ups keep', async () => {
    await withLlm(answer('  Cat food for Saltmarsh  ', GOOD), async () => {
      const d = await draft(seller, saltmarsh.id);
      expect(d.source).toBe('llm');
      expect(d.subject).toBe('Cat food for Saltmarsh');
      expect(d.follow_ups[0].subject).toBe('Cat food for Saltmarsh');
    });
  });

  it(`a body of ${MAX_EMAIL_BODY_LENGTH} characters is taken even with a newline after it`, async () => {
    const sentence = 'We make cat food and dog food in Ningbo. ';
    const body = sentence
      .repeat(Math.ceil(MAX_EMAIL_BODY_LENGTH / sentence.length))
      .slice(0, MAX_EMAIL_BODY_LENGTH);
    await withLlm(answer('Cat food', `${body}\n`), async () => {
      expect((await draft(seller, saltmarsh.id)).source).toBe('llm');
    });
    await withLlm(answer('Cat food', `${body}x`), async () => {
      expect((await draft(seller, saltmarsh.id)).source).toBe('template');
    });
  });

  it('a Chinese letter loses its own salutation, its indented 您好 and its 此致 敬礼 sign-off', async () => {
    const paragraph =
      '我们是宁波明亮宠物用品有限公司，专业生产猫粮和狗粮，通过了BRC认证，可以按贵方市场调整包装，欢迎索取样品和报价单。';
    expect(paragraph.length).toBeGreaterThanOrEqual(40);
    // Chinese letters indent their paragraphs with two ideographic spaces.
    const INDENT = '\u3000\u3000';
    await withLlm(
      answer(
        '猫粮供应',
        `尊敬的Peter先生：\n \n${INDENT}您好！\n\n${INDENT}${paragraph}\n\n${INDENT}此致\n敬礼！\n李伟`,
      ),
      async () => {
        const d = await draft(seller, saltmarsh.id, 'zh');
        expect(d.source).toBe('llm');
        expect(d.body).toBe(`Peter，您好！\n\n${paragraph}\n\n此致\n敬礼\n\n李伟\n宁波明亮宠物用品有限公司`);
      },
    );
  });

  it('a first line of 60 characters is a sentence and stays; a greeting of 59 is cut', async () => {
    const sentence = 'Hello from Ningbo, where we make cat food for pet shops too.';
    expect(sentence).toHaveLength(60);
    await withLlm(answer('Cat food', `${sentence}\n\n${GOOD}`), async () => {
      expect((await draft(seller, saltmarsh.id)).body).toBe(
        `Dear Peter,\n\n${sentence}\n\n${GOOD}\n\n${SIGNATURE}`,
      );
    });
    const greeting = 'Hello Peter, and good morning to the whole purchasing team!';
    expect(greeting).toHaveLength(59);
    await withLlm(answer('Cat food', `${greeting}\n\n${GOOD}`), async () => {
      expect((await draft(seller, saltmarsh.id)).body).toBe(`Dear Peter,\n\n${GOOD}\n\n${SIGNATURE}`);
    });
  });

  it('its paragraphs end where its sign-off starts, without blank lines before the signature', async () => {
    await withLlm(answer('Cat food', `${GOOD}\n\n\nBest regards,\nAlice`), async () => {
      expect((await draft(seller, saltmarsh.id)).body).toBe(`Dear Peter,\n\n${GOOD}\n\n${SIGNATURE}`);
    });
  });

  it('a greeting straight followed by a sign-off is no draft, however long the signature', async () => {
    await withLlm(
      answer(
        'Cat food',
        'Dear Peter,\n\nBest regards,\nAlice Zhang, Export Sales Manager, Ningbo Bright Pet Products',
      ),
      async () => {
        const d = await draft(seller, saltmarsh.id);
        expect(d.source).toBe('template');
        expect(logs).toEqual([
          '[outreach] fake: draft fell back to the built-in writer: the draft holds no paragraphs',
        ]);
      },
    );
  });
});

describe('when the answer is unusable', () => {
  it('the log says what is wrong with it', async () => {
    await withLlm(JSON.stringify({ body: GOOD }), async () => {
      expect((await draft(seller, saltmarsh.id)).source).toBe('template');
      expect(logs).toEqual([
        expect.stringMatching(/draft fell back to the built-in writer: unusable draft: .*expected string/),
      ]);
    });
  });

  it('an LLM without a log still falls back to the built-in writer', async () => {
    await withLlm(
      'I cannot write this email.',
      async () => {
        const d = await draft(seller, saltmarsh.id);
        expect(d.source).toBe('template');
        expect(d.body).toContain('We make cat food and dog food.');
      },
      false,
    );
  });
});

describe('the follow-ups’ subjects', () => {
  it(`answer a first subject of ${MAX_SUBJECT_LENGTH} characters within the limit`, async () => {
    const subject = `Cat food ${'and dog food '.repeat(20)}`.slice(0, MAX_SUBJECT_LENGTH);
    await withLlm(answer(subject, GOOD), async () => {
      const d = await draft(seller, saltmarsh.id);
      expect(d.subject).toBe(subject);
      for (const f of d.follow_ups) {
        expect(f.subject).toBe(subject);
        expect(f.subject).toHaveLength(MAX_SUBJECT_LENGTH);
      }
    });
  });
});

describe('what the draft says is missing', () => {
  it('a signature needs a name in either language', async () => {
    const english = await newSeller({ ...MAKER, name_zh: '' });
    expect((await draft(english, saltmarsh.id)).missing).toEqual([]);
    const chinese = await newSeller({ ...MAKER, name_en: '' });
    expect((await draft(chinese, saltmarsh.id)).missing).toEqual([]);
    const nobody = await newSeller({ ...MAKER, name_zh: '', name_en: '' });
    expect((await draft(nobody, saltmarsh.id)).missing).toEqual(['signature']);
  });

  it('products only to offer them: a supplier is asked for a quotation without them', async () => {
    const none = await newSeller({ ...MAKER, products: [] });
    expect((await draft(none, proveedor.id)).missing).toEqual([]);
    expect((await draft(none, saltmarsh.id)).missing).toEqual(['products']);
  });
});

describe('the addresses a draft goes to', () => {
  it('as stored with spaces and capitals: once, tidy; a blank name greets no one', async () => {
    const res = await draft(seller, untidy.id, 'en');
    expect(res.to).toEqual(['anna.berg@nordic-pets.example', 'lars@nordic-pets.example']);
    expect(res.body.startsWith('Hello,\n\n')).toBe(true);
  });
});
