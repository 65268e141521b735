import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { companyFiles, emailSuppressions, outreachEmails, users } from '../../server/platform/db/schema.ts';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { CATEGORY_BY_ID, COUNTRY_BY_CODE } from '../../server/leads/reference.ts';
import type { Llm, LlmRequest } from '../../server/platform/llm/types.ts';
import { SEND_QUEUE, startOutreach, type OutreachOptions } from '../../server/outreach/queue.ts';
import { unsubscribeToken } from '../../server/outreach/unsubscribe.ts';
import type { Mailer } from '../../server/platform/mail.ts';
import { startApi, type Api } from './harness.ts';
import { showLeads } from './shown.ts';
import { decodeWords, startSmtp } from './smtp.ts';
import { sleep, waitFor } from './waiting.ts';

// ---------------------------------------------------------------------------------------------

const SECRET = 'test-unsubscribe-secret-0123456789abcdef';
const SITE = 'http://localhost:4321';
const FAST: OutreachOptions = {
  pollingIntervalSeconds: 0.5,
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 2,
  superviseIntervalSeconds: 1,
  expireInSeconds: 30,
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: Api;
let env: Record<string, string>;
let alice: string;
let bob: string;
let carol: string;
let buyer: GeneratedLead;
let supplier: GeneratedLead;
let other: GeneratedLead;
/** A lead with more addresses than the daily cap, for the cap test (one email per recipient). */
let bulk: GeneratedLead;
const BULK = (i: number) => `bulk${i}@bulk-co.example`;

const B = {
  valid: 'buyer.valid@buyer-co.example',
  risky: 'buyer.risky@buyer-co.example',
  invalid: 'buyer.invalid@buyer-co.example',
  unknown: 'buyer.unknown@buyer-co.example',
  two: 'buyer.two@buyer-co.example',
  hidden: 'buyer.hidden@buyer-co.example',
};
const S = { one: 'supplier.one@supplier-co.example', two: 'supplier.two@supplier-co.example' };
const OTHER = 'someone@other-co.example';

const email = (value: string, label: string, position: number) =>
  ({ kind: 'email', value, label, position }) as const;

let productEn: string;
let productZh: string;
const companyProfile = () => `Welcome to our website!
Ningbo Bright Co., Ltd. was founded in 2009 and employs 320 people.
We manufacture ${productEn} on 12 automated production lines for customers in 40 countries.
Tel: +86 574 8888 1234, email sales@bright.example
Our quality team tests every batch before it ships.
我们的${productZh}通过了CE和RoHS认证，年产能达到500万件。
欢迎来电咨询。`;

const send = (token: string, body: Record<string, unknown>) =>
  api.call('POST', '/outreach/send', { token, body: { language: 'en', request_id: randomUUID(), ...body } });

const jobCount = async () =>
  Number(
    rowsOf<{ n: number }>(
      await api.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${SEND_QUEUE}`,
      ),
    )[0]?.n ?? 0,
  );

/** A new UTC day: the per-recipient cap (tests/api/money-security.test.ts) starts over for the next sends. */
const nextDay = () => api.clock.advance(24 * 60 * 60 * 1000);

const rowOf = async (id: string) =>
  (await api.database.db.select().from(outreachEmails).where(eq(outreachEmails.id, id)))[0]!;

beforeAll(async () => {
  smtp = await startSmtp();
  const generated = generateLeads({ perMajor: 1, perOther: 0 });
  buyer = generated.find((l) => l.role === 'buyer' && l.categoryIds.length > 0)!;
  supplier = generated.find((l) => l.role === 'supplier' && l.categoryIds.length > 0)!;
  other = generated.find((l) => l.role === 'buyer' && l.id !== buyer.id)!;
  bulk = generated.find((l) => l.role === 'buyer' && l.id !== buyer.id && l.id !== other.id)!;
  bulk.contacts = Array.from({ length: OUTREACH_DAILY_CAP + 10 }, (_, i) => email(BULK(i), 'valid', i));
  buyer.contacts = [
    email(B.valid, 'valid', 0),
    email(B.risky, 'risky', 1),
    email(B.invalid, 'invalid', 2),
    email(B.unknown, 'unknown', 3),
    email(B.two, 'valid', 4),
    email(B.hidden, 'valid', 5),
    { kind: 'phone', value: '+49 30 1234567', label: '', position: 0 },
  ];
  supplier.contacts = [email(S.one, 'valid', 0), email(S.two, 'unknown', 1)];
  other.contacts = [email(OTHER, 'valid', 0)];
  const category = CATEGORY_BY_ID.get(buyer.categoryIds[0]!)!;
  productEn = category.en;
  productZh = category.zh;

  env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, UNSUBSCRIBE_SECRET: SECRET };
  api = await startApi({ leads: [buyer, supplier, other, bulk], env, outreach: FAST });
  alice = await api.signUp('alice@example.com');
  bob = await api.signUp('bob@example.com', 'Secret123', { language: 'en' });
  carol = await api.signUp('carol@example.com');
  for (const email of ['alice@example.com', 'bob@example.com', 'carol@example.com'])
    await showLeads(api, email, [buyer.id, supplier.id, other.id]);
  for (const [token, leadIds] of [
    [alice, [buyer.id, supplier.id, other.id]],
    [bob, [buyer.id]],
    [carol, [buyer.id]],
  ] as const) {
    for (const lead_id of leadIds) {
      const res = await api.call('POST', '/leads/unlock', { token, body: { lead_id } });
      expect(res.body.code).toBe(0);
    }
  }
  const [aliceRow] = await api.database.db.select().from(users).where(eq(users.email, 'alice@example.com'));
  await api.database.db.insert(companyFiles).values({
    id: 'f_profile',
    userId: aliceRow!.id,
    clientId: 'client-1',
    fileName: 'profile.txt',
    size: 400,
    mime: 'text/plain',
    storageKey: 'test/profile.txt',
    sha256: '0'.repeat(64),
    text: companyProfile(),
  });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const restartWorker = async (options: OutreachOptions = {}) => {
  await api.services.outreach?.stop({ timeoutMs: 1_000 });
  return startOutreach(api.services, api.database, loadConfig({ SITE_URL: SITE, ...env }), {
    ...FAST,
    log: (line) => api.logs.push(line),
    ...options,
  });
};

describe('every outreach call needs a valid token', () => {
  it.each([
    ['POST', '/outreach/generate'],
    ['POST', '/outreach/send'],
    ['GET', '/outreach/sent'],
  ])('%s %s answers 40100 without a token or with a wrong one', async (method, path) => {
    const body = { lead_id: buyer.id, language: 'en' };
    for (const token of [undefined, 'not-a-real-token']) {
      const res = await api.call(method, path, { token, body });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(40100);
    }
  });
});

describe('POST /outreach/generate', () => {
  it('writes an English pitch to a buyer from the seller profile read from the files', async () => {
    const res = await api.call('POST', '/outreach/generate', {
      token: alice,
      body: { lead_id: buyer.id, language: 'en', client_id: 'client-1' },
    });
    expect(res.body.code).toBe(0);
    const draft = res.body.data;
    expect(draft).toMatchObject({ lead_id: buyer.id, language: 'en', source: 'template' });
    // Revealed, mailable addresses only: valid ones first; never `invalid`, never the 6th (not revealed).
    expect(draft.to).toEqual([B.valid, B.two, B.risky, B.unknown]);
    expect(draft.subject).toContain(buyer.name);
    // The buyer's addresses here are no one's in particular: a neutral greeting, never "Dear X team".
    expect(draft.body.split('\n')[0]).toBe('Hello,');
    expect(draft.body).not.toContain(`${buyer.name} team`);
    expect(draft.body).toContain(COUNTRY_BY_CODE.get(buyer.country)!.en);
    // Facts from the profile the files filled in: the company and its product, its signature lines.
    expect(draft.body).toContain('I am writing from Ningbo Bright Co., Ltd.');
    const profile = (await api.call('GET', '/profile', { token: alice })).body.data;
    expect(profile.products.length).toBeGreaterThan(0);
    expect(draft.body).toContain(`We make ${profile.products[0].en}`);
    expect(draft.body).toContain('Our certifications: CE and RoHS.');
    expect(draft.body).toMatch(/Best regards,\nNingbo Bright Co\., Ltd\.\nTel: \+86 574 8888 1234$/);
    // Not in the profile, so never said: head counts, line counts, countries served.
    expect(draft.body).not.toMatch(/320|12 automated|40 countries|Welcome to our website/);
    expect(draft.body).not.toMatch(/[\u3400-\u9fff]/);
  });

  it('writes a Chinese quotation request to a supplier', async () => {
    const res = await api.call('POST', '/outreach/generate', {
      token: alice,
      body: { lead_id: supplier.id, language: 'zh', client_id: 'client-1' },
    });
    expect(res.body.code).toBe(0);
    const draft = res.body.data;
    expect(draft).toMatchObject({ lead_id: supplier.id, language: 'zh', source: 'template' });
    expect(draft.to).toEqual([S.one, S.two]);
    expect(draft.subject).toContain('采购询价');
    expect(draft.body.split('\n')[0]).toBe('您好！');
    expect(draft.body).toContain(COUNTRY_BY_CODE.get(supplier.country)!.zh);
    expect(draft.body).toContain('最小起订量');
    expect(draft.body).not.toContain('欢迎来电咨询');
  });

  it('pitches differ by role; without files nothing about the seller is said', async () => {
    const toBuyer = await api.call('POST', '/outreach/generate', {
      token: bob,
      body: { lead_id: buyer.id, language: 'en' },
    });
    expect(toBuyer.body.code).toBe(0);
    expect(toBuyer.body.data.body).not.toMatch(/We (?:make|supply)|I am writing from/);
    expect(toBuyer.body.data.body).toContain('catalogue and price list');
    expect(toBuyer.body.data.missing).toEqual(['products', 'company', 'signature']);
    // The company files belong to the account: a draft asked from another browser still uses them.
    const toSupplier = await api.call('POST', '/outreach/generate', {
      token: alice,
      body: { lead_id: supplier.id, language: 'en', client_id: 'another-browser' },
    });
    expect(toSupplier.body.data.subject).toMatch(/^Sourcing inquiry: /);
    expect(toSupplier.body.data.body).toContain('minimum order quantity');
    expect(toSupplier.body.data.body).toContain('Ningbo Bright Co., Ltd.');
  });

  it('uses the LLM when one is configured, and falls back to the built-in writer when its answer is unusable', async () => {
    const requests: LlmRequest[] = [];
    let answer = '';
    const llm: Llm = {
      model: 'fake-model',
      log: () => {},
      complete: async (request) => {
        requests.push(request);
        if (answer === 'throw') throw new Error('HTTP 500');
        return answer;
      },
    };
    const saved = api.services.llm;
    api.services.llm = llm;
    try {
      const body = { lead_id: buyer.id, language: 'en', client_id: 'client-1' };
      answer = JSON.stringify({
        subject: 'LED panels for your stores',
        body: `Dear team, we make ${productEn} and would like to supply you. `.repeat(3),
      });
      let res = await api.call('POST', '/outreach/generate', { token: alice, body });
      expect(res.body.data).toMatchObject({ source: 'llm', subject: 'LED panels for your stores' });
      expect(res.body.data.to).toEqual([B.valid, B.two, B.risky, B.unknown]);
      const prompt = requests
        .at(-1)!
        .messages.map((m) => m.content)
        .join('\n');
      expect(prompt).toContain(buyer.name);
      expect(prompt).toContain('Ningbo Bright Co., Ltd.');
      expect(requests.at(-1)!.json).toBe(true);

      for (const bad of [
        'not json at all',
        JSON.stringify({ subject: 'Two\nlines', body: 'x'.repeat(100) }),
        JSON.stringify({ subject: 'Hi', body: 'Dear [Your Name], '.repeat(5) }),
        'throw',
      ]) {
        answer = bad;
        res = await api.call('POST', '/outreach/generate', { token: alice, body });
        expect(res.body.code).toBe(0);
        expect(res.body.data.source).toBe('template');
        expect(res.body.data.body).toContain('I am writing from Ningbo Bright Co., Ltd.');
      }
    } finally {
      api.services.llm = saved;
    }
  });

  it('only for a lead the caller unlocked: 40300, and 40400 for an unknown lead', async () => {
    // Alice unlocked the supplier; Carol did not, and Alice's unlock does not count for her.
    const notMine = await api.call('POST', '/outreach/generate', {
      token: carol,
      body: { lead_id: supplier.id, language: 'en' },
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe(40300);
    const unknown = await api.call('POST', '/outreach/generate', {
      token: alice,
      body: { lead_id: 'L99999999', language: 'en' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(40400);
    const bad = await api.call('POST', '/outreach/generate', {
      token: alice,
      body: { lead_id: buyer.id, language: 'it' },
    });
    expect(bad.body).toMatchObject({ code: 40001, data: { field: 'language' } });
  });
});

describe('POST /outreach/send', () => {
  it('queues the email, sends it over SMTP with an unsubscribe line and headers, and marks it sent', async () => {
    const res = await send(alice, {
      lead_id: buyer.id,
      to: B.valid.toUpperCase(),
      subject: 'LED panels for Nordic stores',
      body: 'Dear team,\n\nWe make LED panels.\n\nBest regards,\nAlice',
    });
    expect(res.body.code).toBe(0);
    const queued = res.body.data;
    expect(queued).toMatchObject({
      lead_id: buyer.id,
      lead_name: buyer.name,
      to: B.valid,
      subject: 'LED panels for Nordic stores',
      status: 'queued',
      attempts: 0,
      sent_at: null,
    });

    const [mail] = await waitFor('the email', () => smtp.forRow(queued.id)[0] && smtp.forRow(queued.id));
    expect(mail!.to).toEqual([B.valid]);
    expect(mail!.subject).toBe('LED panels for Nordic stores');
    expect(mail!.text).toContain('We make LED panels.\n\nBest regards,\nAlice');
    const link = /unsubscribe here: (\S+)/.exec(mail!.text)?.[1];
    expect(link).toMatch(new RegExp(`^${SITE}/api/outreach/unsubscribe\\?t=[\\w-]+\\.[\\w-]+$`));
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<${link}>`);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('reply-to')).toContain('alice@example.com');
    expect(decodeWords(mail!.headers.get('from')!)).toContain('alice via HoneyLeads');

    const sent = await waitFor('status sent', async () => {
      const list = (await api.call('GET', '/outreach/sent', { token: alice })).body.data;
      const item = list.items.find((i: { id: string }) => i.id === queued.id);
      return item?.status === 'sent' ? item : undefined;
    });
    expect(sent).toMatchObject({ attempts: 1, error: null });
    expect(Date.parse(sent.sent_at)).not.toBeNaN();
    expect((await rowOf(queued.id)).messageId).toBe(mail!.messageId);
  });

  it('a Chinese email carries the unsubscribe line in Chinese', async () => {
    const res = await send(alice, {
      lead_id: supplier.id,
      to: S.one,
      subject: '询价：LED面板灯',
      body: '您好，\n\n请发送报价单。',
      language: 'zh',
    });
    expect(res.body.code).toBe(0);
    const [mail] = await waitFor(
      'the email',
      () => smtp.forRow(res.body.data.id)[0] && smtp.forRow(res.body.data.id),
    );
    expect(mail!.subject).toBe('询价：LED面板灯');
    expect(mail!.text).toMatch(
      /请发送报价单。\n\n-- \n如不希望再收到此类邮件，请点击退订：http:\/\/localhost:4321\/api\/outreach\/unsubscribe\?t=/,
    );
  });

  it('the same request_id answers the same email, sequentially and concurrently, and it is sent once', async () => {
    const body = { lead_id: buyer.id, to: B.unknown, subject: 'Once only', body: 'Hello once.' };
    const first = await send(alice, { ...body, request_id: 'req-once-0001' });
    const again = await send(alice, { ...body, request_id: 'req-once-0001' });
    expect(again.body.data.id).toBe(first.body.data.id);

    const jobsBefore = await jobCount();
    const together = await Promise.all(
      Array.from({ length: 6 }, () => send(alice, { ...body, request_id: 'req-together-01' })),
    );
    expect(together.map((r) => r.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(together.map((r) => r.body.data.id)).size).toBe(1);
    expect(await jobCount()).toBe(jobsBefore + 1);

    for (const id of [first.body.data.id, together[0]!.body.data.id]) {
      await waitFor('sent', async () => (await rowOf(id)).status === 'sent');
    }
    await sleep(1_500);
    expect(smtp.forRow(first.body.data.id)).toHaveLength(1);
    expect(smtp.forRow(together[0]!.body.data.id)).toHaveLength(1);

    const changed = await send(alice, { ...body, body: 'Something else.', request_id: 'req-once-0001' });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 40900, data: { field: 'request_id' } });
  });

  it('refuses recipients that are not revealed on the lead, invalid ones, and bad input, queueing nothing', async () => {
    const jobsBefore = await jobCount();
    const listBefore = (await api.call('GET', '/outreach/sent', { token: alice })).body.data.total;
    const base = { lead_id: buyer.id, subject: 'Hello', body: 'Hello there.' };

    const hidden = await send(alice, { ...base, to: B.hidden });
    expect(hidden.status).toBe(422);
    expect(hidden.body).toMatchObject({
      code: 42200,
      msg: '只能发送到你已解锁线索中显示的邮箱',
      data: { reason: 'not_revealed' },
    });
    const elsewhere = await send(alice, { ...base, to: OTHER });
    expect(elsewhere.body).toMatchObject({ code: 42200, data: { reason: 'not_revealed' } });
    const stranger = await send(alice, { ...base, to: 'victim@gmail.example' });
    expect(stranger.body).toMatchObject({ code: 42200, data: { reason: 'not_revealed' } });
    const invalid = await send(alice, { ...base, to: B.invalid });
    expect(invalid.body).toMatchObject({
      code: 42200,
      msg: '该邮箱已验证为无效，不能发送',
      data: { reason: 'invalid' },
    });
    const invalidEn = await send(bob, { ...base, to: B.invalid });
    expect(invalidEn.body.msg).toBe('This address was verified as invalid, so it cannot be emailed.');

    const cases: [Record<string, unknown>, string][] = [
      [{ to: 'not-an-email' }, 'to'],
      [{ to: `${B.valid}\r\nBcc: victim@example.com` }, 'to'],
      [{ to: B.valid, subject: 'Hi\r\nBcc: victim@example.com' }, 'subject'],
      [{ to: B.valid, subject: 'Trailing line break\n' }, 'subject'],
      [{ to: B.valid, subject: '   ' }, 'subject'],
      [{ to: B.valid, subject: 'x'.repeat(201) }, 'subject'],
      [{ to: B.valid, body: '  \n ' }, 'body'],
      [{ to: B.valid, body: 'x'.repeat(10_001) }, 'body'],
      [{ to: B.valid, body: 'Hello\u0000there' }, 'body'],
      [{ to: B.valid, request_id: 'short' }, 'request_id'],
      [{ to: B.valid, request_id: 'has spaces in it' }, 'request_id'],
      [{ to: B.valid, cc: 'victim@example.com' }, 'cc'],
    ];
    for (const [fields, field] of cases) {
      const res = await send(alice, { ...base, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body, JSON.stringify(fields)).toMatchObject({ code: 40001, data: { field } });
    }
    const crlf = await send(bob, { ...base, to: B.valid, subject: 'Hi\r\nBcc: x@example.com' });
    expect(crlf.body.msg).toBe(
      'The subject must be 1 to 200 characters on a single line, without control characters.',
    );

    const notUnlocked = await send(carol, { ...base, lead_id: supplier.id, to: S.one });
    expect(notUnlocked.body.code).toBe(40300);
    const unknownLead = await send(alice, { ...base, lead_id: 'L99999999', to: S.one });
    expect(unknownLead.body.code).toBe(40400);

    expect(await jobCount()).toBe(jobsBefore);
    expect((await api.call('GET', '/outreach/sent', { token: alice })).body.data.total).toBe(listBefore);
  });

  it('an address revealed later with "find more emails" can be mailed from then on', async () => {
    const before = await send(bob, { lead_id: buyer.id, to: B.hidden, subject: 'Hi', body: 'Hi.' });
    expect(before.body.code).toBe(42200);
    const more = await api.call('GET', `/user/get_delve_email?lead_id=${buyer.id}`, { token: bob });
    expect(more.body.data.emails).toEqual([{ email: B.hidden, status: 'valid' }]);
    const after = await send(bob, { lead_id: buyer.id, to: B.hidden, subject: 'Hi', body: 'Hi.' });
    expect(after.body.code).toBe(0);
    await waitFor('sent', async () => (await rowOf(after.body.data.id)).status === 'sent');
  });
});

describe('delivery: retries, permanent refusals and crashes never send an email twice', () => {
  it('a delivered email whose record fails twice (the database briefly away) is recorded sent on the third try, and went once', async () => {
    const real = api.services.db;
    let failures = 2;
    // The database answers every statement but the first two that record an email as sent.
    api.services.db = new Proxy(real, {
      get(target, key) {
        if (key !== 'update') return Reflect.get(target, key, target);
        return (table: typeof outreachEmails) => {
          const update = target.update(table);
          return new Proxy(update, {
            get(builder, name) {
              if (name !== 'set') return Reflect.get(builder, name, builder);
              return (values: { status?: string }) =>
                table === outreachEmails && values.status === 'sent' && failures-- > 0
                  ? { where: () => Promise.reject(new Error('connection terminated')) }
                  : builder.set(values as never);
            },
          });
        };
      },
    });
    try {
      const res = await send(alice, {
        lead_id: supplier.id,
        to: S.two,
        subject: 'Record me',
        body: 'Hello.',
      });
      expect(res.body.code).toBe(0);
      const id = res.body.data.id;
      const row = await waitFor('recorded as sent', async () => {
        const r = await rowOf(id);
        return r.status === 'sent' ? r : undefined;
      });
      expect(failures).toBe(-1);
      expect(row).toMatchObject({ attempts: 1, error: null });
      await sleep(1_000);
      expect(smtp.forRow(id)).toHaveLength(1);
    } finally {
      api.services.db = real;
    }
  });

  it('retries a temporary SMTP failure with backoff and sends the email once', async () => {
    const refusedBefore = smtp.refusedCount();
    smtp.refuseNext(451, '4.3.0 Mailbox busy, try again later');
    const res = await send(alice, { lead_id: supplier.id, to: S.two, subject: 'Retry me', body: 'Hello.' });
    expect(res.body.code).toBe(0);
    const id = res.body.data.id;
    const row = await waitFor('sent after a retry', async () => {
      const r = await rowOf(id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(smtp.refusedCount()).toBe(refusedBefore + 1);
    expect(row.attempts).toBe(2);
    expect(row.error).toBeNull();
    await sleep(1_000);
    expect(smtp.forRow(id)).toHaveLength(1);
    // A failure that passed is no failure of the sequence: it went, and is finished, not stopped.
    const thread = await api.call('GET', `/outreach/thread?sequence_id=${res.body.data.sequence.id}`, {
      token: alice,
    });
    expect(thread.body.data.sequence).toMatchObject({ state: 'finished', stop_reason: null });
  });

  it('a permanent refusal (5xx) fails the email at once, with the reason, and is not retried', async () => {
    // Not about the address (a 550 "no such user" is a bounce: tests/api/outreach-sequences.test.ts).
    smtp.refuseNext(554, '5.7.1 Message refused by policy');
    const res = await send(bob, { lead_id: buyer.id, to: B.two, subject: 'Refused', body: 'Hello.' });
    const id = res.body.data.id;
    await waitFor('failed', async () => (await rowOf(id)).status === 'failed');
    await sleep(2_500);
    const item = (await api.call('GET', '/outreach/sent?status=failed', { token: bob })).body.data.items.find(
      (i: { id: string }) => i.id === id,
    );
    expect(item).toMatchObject({ status: 'failed', attempts: 1 });
    expect(item.error).toMatch(/^The mail server refused it: .*554/);
    expect(smtp.forRow(id)).toHaveLength(0);
  });

  it('a worker that dies after the SMTP server took the email but before recording it: the restarted worker does not send it again', async () => {
    const real = api.services.mailer;
    let frozen = false;
    // The worker process "dies" right after the SMTP server accepted the message: nothing after
    // the send runs (the row is never marked sent, the job never completes).
    const dying: Mailer = {
      ...real,
      async send(mail) {
        await real.send(mail);
        if (mail.kind === 'outreach' && !frozen) {
          frozen = true;
          await new Promise(() => {});
        }
      },
    };
    api.services.mailer = dying;
    const res = await send(alice, { lead_id: buyer.id, to: B.risky, subject: 'Crash test', body: 'Hello.' });
    const id = res.body.data.id;
    await waitFor('the email', () => smtp.forRow(id).length === 1);
    expect((await rowOf(id)).status).toBe('sending');

    // Restart: the old worker is gone without finishing its job; a new one takes the job again.
    await restartWorker();
    api.services.mailer = real;
    const row = await waitFor('the job retried', async () => {
      const r = await rowOf(id);
      return r.status !== 'sending' ? r : undefined;
    });
    expect(row.status).toBe('failed');
    expect(row.error).toBe('interrupted');
    await sleep(2_000);
    expect(smtp.forRow(id)).toHaveLength(1);
    const mine = (await api.call('GET', '/outreach/sent?status=failed', { token: alice })).body.data.items;
    expect(mine.find((i: { id: string }) => i.id === id).error).toContain('为避免重复');
  });

  it('out of attempts: a last temporary failure is final, and a last attempt that hangs is settled by the dead-letter queue', async () => {
    nextDay();
    const real = api.services.mailer;
    await restartWorker({ retryLimit: 0, expireInSeconds: 1 });
    try {
      smtp.refuseNext(451, '4.7.1 Greylisted, come back later');
      const greylisted = await send(alice, {
        lead_id: supplier.id,
        to: S.two,
        subject: 'Last try',
        body: 'Hello.',
      });
      const id = greylisted.body.data.id;
      await waitFor('failed', async () => (await rowOf(id)).status === 'failed');
      const item = (
        await api.call('GET', '/outreach/sent?status=failed', { token: alice })
      ).body.data.items.find((i: { id: string }) => i.id === id);
      expect(item).toMatchObject({
        attempts: 1,
        error: '多次重试后仍未送达：451 4.7.1 Greylisted, come back later',
      });

      // The SMTP conversation never ends: pg-boss gives the attempt up after expireInSeconds; with
      // no retry left the job goes to the dead-letter queue, whose worker settles the row.
      api.services.mailer = { ...real, send: () => new Promise(() => {}) };
      const stuck = await send(alice, { lead_id: supplier.id, to: S.two, subject: 'Stuck', body: 'Hello.' });
      const row = await waitFor(
        'settled by the dead-letter queue',
        async () => {
          const r = await rowOf(stuck.body.data.id);
          return r.status === 'failed' ? r : undefined;
        },
        25_000,
      );
      expect(row).toMatchObject({ error: 'interrupted', attempts: 1 });
      expect(smtp.forRow(stuck.body.data.id)).toHaveLength(0);
      // Not delivered: its sequence stops, so no follow-up would go after it.
      const thread = await api.call('GET', `/outreach/thread?sequence_id=${stuck.body.data.sequence.id}`, {
        token: alice,
      });
      expect(thread.body.data.sequence).toMatchObject({ state: 'stopped', stop_reason: 'failed' });
    } finally {
      api.services.mailer = real;
      await restartWorker();
    }
  }, 40_000);

  it('a job run again for an email already sent (crash before the job completed) completes without sending', async () => {
    const res = await send(alice, { lead_id: other.id, to: OTHER, subject: 'Already out', body: 'Hello.' });
    const id = res.body.data.id;
    await waitFor('sent', async () => (await rowOf(id)).status === 'sent');
    const boss = api.services.outreach!.boss;
    // What pg-boss hands a worker after a crash between "row sent" and "job completed": the same job data again.
    const jobId = (await boss.send(SEND_QUEUE, { id }))!;
    await waitFor(
      'the job completed',
      async () => (await boss.getJobById(SEND_QUEUE, jobId))?.state === 'completed',
    );
    await sleep(500);
    expect(smtp.forRow(id)).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });
});

describe('follow-ups go on their day by themselves', () => {
  it('the worker looks for due follow-ups every releaseIntervalSeconds and sends them, with no one asking', async () => {
    nextDay();
    await restartWorker({ releaseIntervalSeconds: 1 });
    try {
      const res = await send(alice, {
        lead_id: other.id,
        to: OTHER,
        subject: 'On its own',
        body: 'Hello.',
        follow_ups: [
          { days: 1, subject: 'Re: On its own', body: 'Hello again.' },
          { days: 2, subject: 'Re: On its own', body: 'Hello a last time.' },
        ],
      });
      expect(res.body.code).toBe(0);
      await waitFor('the first sent', async () => (await rowOf(res.body.data.id)).status === 'sent');
      const [, followUp, last] = (
        await api.call('GET', `/outreach/thread?sequence_id=${res.body.data.sequence.id}`, { token: alice })
      ).body.data.emails;
      expect([followUp.status, last.status]).toEqual(['scheduled', 'scheduled']);
      nextDay();
      await waitFor('the follow-up sent', async () => (await rowOf(followUp.id)).status === 'sent');
      expect(smtp.forRow(followUp.id)).toHaveLength(1);
      expect((await rowOf(last.id)).status).toBe('scheduled');
      // Not only the first look finds what is due: the last follow-up's day comes (its due time
      // moved to now, so the test clock need not run another day) and it goes too.
      await api.database.db
        .update(outreachEmails)
        .set({ dueAt: api.clock.now() })
        .where(eq(outreachEmails.id, last.id));
      await waitFor('the last follow-up sent', async () => (await rowOf(last.id)).status === 'sent');
      expect(smtp.forRow(last.id)).toHaveLength(1);
      // As Alice sees it (her session stays in use while the test clock runs days ahead).
      const thread = await api.call('GET', `/outreach/thread?sequence_id=${res.body.data.sequence.id}`, {
        token: alice,
      });
      expect(thread.body.data.emails.map((e: { status: string }) => e.status)).toEqual([
        'sent',
        'sent',
        'sent',
      ]);
      expect(thread.body.data.sequence.state).toBe('finished');
    } finally {
      await restartWorker();
    }
  });
});

describe('unsubscribe', () => {
  let link: string;
  let headerLink: string;

  it('the link in an email shows a confirmation page; the button adds the address to the suppression list', async () => {
    const res = await send(alice, {
      lead_id: buyer.id,
      to: B.two,
      subject: 'Unsubscribe me',
      body: 'Hello.',
    });
    const [mail] = await waitFor(
      'the email',
      () => smtp.forRow(res.body.data.id)[0] && smtp.forRow(res.body.data.id),
    );
    link = /unsubscribe here: (\S+)/.exec(mail!.text)![1]!;
    headerLink = /^<(.+)>$/.exec(mail!.headers.get('list-unsubscribe')!)![1]!;
    const path = link.replace(`${SITE}/api`, '');

    const page = await api.raw('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('确认退订');
    expect(html).toContain('Unsubscribe');
    // The address the link unsubscribes, in bold in each language's sentence.
    const bold = `<strong>${B.two.replaceAll('.', '\\.')}</strong>`;
    expect(html).toMatch(new RegExp(`<p lang="zh">[^<]*${bold}`));
    expect(html).toMatch(new RegExp(`<p lang="en">[^<]*${bold}`));
    expect(html).toMatch(/<form method="post" action="\/api\/outreach\/unsubscribe\?t=[\w.-]+">/);
    expect(html).not.toMatch(/<script/i);
    // Opening the page changed nothing.
    expect(
      await api.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, B.two)),
    ).toEqual([]);

    const done = await api.raw('POST', path, {
      rawBody: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    const again = await api.raw('POST', path, {
      rawBody: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(200);
    const rows = await api.database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, B.two));
    expect(rows).toMatchObject([{ email: B.two, reason: 'unsubscribe' }]);
  });

  it('later sends to the address are refused and drafts leave it out', async () => {
    const refused = await send(bob, { lead_id: buyer.id, to: B.two, subject: 'Again', body: 'Hello again.' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 42200,
      msg: 'This recipient has unsubscribed and cannot be emailed again.',
      data: { reason: 'suppressed' },
    });
    const draft = await api.call('POST', '/outreach/generate', {
      token: bob,
      body: { lead_id: buyer.id, language: 'en' },
    });
    expect(draft.body.data.to).not.toContain(B.two);
    expect(draft.body.data.to).toContain(B.valid);
  });

  it('RFC 8058 one-click: a POST to the List-Unsubscribe URL with List-Unsubscribe=One-Click', async () => {
    expect(headerLink).toBe(link);
    const target = S.one;
    const path = `/outreach/unsubscribe?t=${unsubscribeToken(SECRET, target)}`;
    const res = await api.raw('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(
      await api.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, target)),
    ).toHaveLength(1);
  });

  it('a tampered or missing token is refused with a 400 page and changes nothing', async () => {
    const count = async () => (await api.database.db.select().from(emailSuppressions)).length;
    const before = await count();
    const token = link.split('t=')[1]!;
    const [address, signature] = token.split('.') as [string, string];
    const forged = [
      `${address}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${Buffer.from(B.valid).toString('base64url')}.${signature}`,
      `${address}.`,
      address,
      '',
      `${Buffer.from(B.two.toUpperCase()).toString('base64url')}.${signature}`,
    ];
    for (const t of forged) {
      for (const method of ['GET', 'POST']) {
        const res = await api.raw(method, `/outreach/unsubscribe?t=${encodeURIComponent(t)}`, {
          rawBody: '',
        });
        expect(res.status, `${method} ${t}`).toBe(400);
        const html = await res.text();
        expect(html).toContain('链接无效');
        expect(html).toContain('This link is not valid');
      }
    }
    expect((await api.raw('POST', '/outreach/unsubscribe', { rawBody: '' })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('an email queued before its recipient opted out becomes `suppressed` and is never sent', async () => {
    nextDay();
    // Only enqueue for now (no worker), as when the queue is behind.
    await restartWorker({ work: false });
    const res = await send(alice, { lead_id: buyer.id, to: B.unknown, subject: 'Too late', body: 'Hello.' });
    expect(res.body).toMatchObject({ code: 0, data: { status: 'queued' } });
    const id = res.body.data.id;
    const optOut = await api.raw('POST', `/outreach/unsubscribe?t=${unsubscribeToken(SECRET, B.unknown)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(optOut.status).toBe(200);
    await restartWorker();
    await waitFor('suppressed', async () => (await rowOf(id)).status === 'suppressed');
    await sleep(1_500);
    expect(smtp.forRow(id)).toHaveLength(0);
    const item = (await api.call('GET', '/outreach/sent?status=suppressed', { token: alice })).body.data
      .items[0];
    expect(item).toMatchObject({ id, status: 'suppressed', attempts: 0, error: '收件人已退订，邮件未发送' });
  });
});

describe('GET /outreach/sent', () => {
  it('lists only the caller’s emails, newest first, with statuses, pages and a status filter', async () => {
    nextDay();
    api.clock.advance(1_000);
    const latest = await send(bob, { lead_id: buyer.id, to: B.valid, subject: 'Newest of Bob', body: 'Hi.' });
    expect(latest.body.code).toBe(0);
    const bobs = (await api.call('GET', '/outreach/sent?page_size=50', { token: bob })).body.data;
    expect(bobs.items[0]).toMatchObject({
      id: latest.body.data.id,
      lead_name: buyer.name,
      subject: 'Newest of Bob',
    });
    const [bobRow] = await api.database.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    const own = await api.database.db
      .select()
      .from(outreachEmails)
      .where(eq(outreachEmails.userId, bobRow!.id));
    expect(bobs.total).toBe(own.length);
    expect(new Set(bobs.items.map((i: { id: string }) => i.id))).toEqual(new Set(own.map((r) => r.id)));
    const times = bobs.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const alices = (await api.call('GET', '/outreach/sent?page_size=50', { token: alice })).body.data;
    expect(alices.items.some((i: { id: string }) => i.id === latest.body.data.id)).toBe(false);
    const statuses = new Set(alices.items.map((i: { status: string }) => i.status));
    expect(statuses).toEqual(new Set(['sent', 'failed', 'suppressed']));

    const page1 = (await api.call('GET', '/outreach/sent?page=1&page_size=2', { token: alice })).body.data;
    const page2 = (await api.call('GET', '/outreach/sent?page=2&page_size=2', { token: alice })).body.data;
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(alices.total);
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual(
      alices.items.slice(2, 4).map((i: { id: string }) => i.id),
    );

    const sentOnly = (await api.call('GET', '/outreach/sent?status=sent&page_size=50', { token: alice })).body
      .data;
    expect(sentOnly.items.length).toBeGreaterThan(0);
    expect(sentOnly.items.every((i: { status: string }) => i.status === 'sent')).toBe(true);
    expect(sentOnly.total).toBe(alices.items.filter((i: { status: string }) => i.status === 'sent').length);

    for (const query of ['page_size=51', 'status=lost', 'page=0']) {
      expect((await api.call('GET', `/outreach/sent?${query}`, { token: alice })).body.code).toBe(40001);
    }
  });
});

describe('the daily cap', () => {
  it(`holds under concurrent sends: ${OUTREACH_DAILY_CAP + 5} at once, exactly ${OUTREACH_DAILY_CAP} accepted; the next UTC day opens again`, async () => {
    nextDay();
    // Each to its own recipient, so only the daily cap can refuse them (all revealed: unlock, then more).
    await showLeads(api, 'carol@example.com', [bulk.id]);
    expect(
      (await api.call('POST', '/leads/unlock', { token: carol, body: { lead_id: bulk.id } })).body.code,
    ).toBe(0);
    for (let shown = 5; shown < bulk.contacts.length; shown += 5)
      await api.call('GET', `/user/get_delve_email?lead_id=${bulk.id}`, { token: carol });
    const tries = await Promise.all(
      Array.from({ length: OUTREACH_DAILY_CAP + 5 }, (_, i) =>
        send(carol, { lead_id: bulk.id, to: BULK(i), subject: `Cap ${i}`, body: 'Hello.' }),
      ),
    );
    const accepted = tries.filter((r) => r.body.code === 0);
    const refused = tries.filter((r) => r.body.code !== 0);
    expect(accepted).toHaveLength(OUTREACH_DAILY_CAP);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 42901, data: { cap: OUTREACH_DAILY_CAP } });
      expect(res.body.data.retry_after).toBeGreaterThan(0);
      expect(res.body.data.retry_after).toBeLessThanOrEqual(86_400);
    }
    expect(refused[0]!.body.msg).toBe(
      `今天已发送 ${OUTREACH_DAILY_CAP} 封邮件，达到每日上限（UTC 0 点重置）`,
    );
    // Other users are not affected.
    expect(
      (await send(bob, { lead_id: buyer.id, to: B.valid, subject: 'Not capped', body: 'Hi.' })).body.code,
    ).toBe(0);

    const [carolRow] = await api.database.db.select().from(users).where(eq(users.email, 'carol@example.com'));
    const rows = await api.database.db
      .select()
      .from(outreachEmails)
      .where(and(eq(outreachEmails.userId, carolRow!.id)));
    expect(rows).toHaveLength(OUTREACH_DAILY_CAP);

    api.clock.advance(24 * 60 * 60 * 1000);
    const tomorrow = await send(carol, {
      lead_id: bulk.id,
      to: BULK(0),
      subject: 'Next day',
      body: 'Hello.',
    });
    expect(tomorrow.body.code).toBe(0);
    await waitFor(
      'all of them sent',
      async () => {
        const left = await api.database.db
          .select()
          .from(outreachEmails)
          .where(and(eq(outreachEmails.userId, carolRow!.id), eq(outreachEmails.status, 'queued')));
        return left.length === 0;
      },
      60_000,
    );
  }, 90_000);
});

describe('without SMTP_URL', () => {
  it('outreach emails go to the local outbox (the emails table) and are marked sent', async () => {
    const local = await startApi({ leads: [buyer], env: { UNSUBSCRIBE_SECRET: SECRET }, outreach: FAST });
    try {
      const dave = await local.signUp('dave@example.com');
      await showLeads(local, 'dave@example.com', [buyer.id]);
      expect(
        (await local.call('POST', '/leads/unlock', { token: dave, body: { lead_id: buyer.id } })).body.code,
      ).toBe(0);
      const res = await local.call('POST', '/outreach/send', {
        token: dave,
        body: {
          lead_id: buyer.id,
          to: B.valid,
          subject: 'Kept locally',
          body: 'Hello from the outbox.',
          language: 'en',
          request_id: randomUUID(),
        },
      });
      expect(res.body.code).toBe(0);
      await waitFor('sent', async () => {
        const [row] = await local.database.db
          .select()
          .from(outreachEmails)
          .where(eq(outreachEmails.id, res.body.data.id));
        return row?.status === 'sent';
      });
      const mail = await local.lastEmail(B.valid);
      expect(mail).toMatchObject({ subject: 'Kept locally', kind: 'outreach', transport: 'outbox' });
      expect(mail!.text).toMatch(
        /^Hello from the outbox\.\n\n-- \nIf you would rather not receive emails like this, unsubscribe here: http:\/\/localhost:4321\/api\/outreach\/unsubscribe\?t=/,
      );
      expect(
        local.logs.some((line) => line.startsWith(`[outbox] outreach to ${B.valid}: Kept locally`)),
      ).toBe(true);
    } finally {
      await local.close();
    }
  });
});
