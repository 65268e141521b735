import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type EmailLanguage, type LeadView, type OutreachDraft } from '../../contract/api.ts';
import { ApiError } from '@/lib/api/errors.ts';

// The API is stubbed: each test says what the server answers.
vi.mock('@/lib/api/calls.ts', () => ({
  generateEmail: vi.fn(),
  translateText: vi.fn(),
  sendEmail: vi.fn(),
  outreachQuota: vi.fn(),
}));

const api = await import('@/lib/api/calls.ts');
const composer = await import('@/lib/stores/composer.ts');
const { $translatorOff } = await import('@/lib/stores/outreach.ts');

const lead = (country = 'DE'): LeadView =>
  ({
    id: 'L1',
    name: 'Lumen GmbH',
    country: { code: country, name: country },
    contacts: {
      emails: [
        { email: 'sales@lumen.de', status: 'risky' },
        { email: 'ceo@lumen.de', status: 'valid' },
        { email: 'bad@lumen.de', status: 'invalid' },
      ],
    },
  }) as unknown as LeadView;

/** What the server answers, as the built-in writer does: greetings per address, a preview for another reader. */
const draft = (language: EmailLanguage, reader: 'zh' | 'en' = 'en'): OutreachDraft => ({
  lead_id: 'L1',
  to: ['sales@lumen.de', 'ceo@lumen.de'],
  subject: `subject ${language}`,
  body: `Hello,\n\nbody ${language}`,
  language,
  source: 'template',
  preview:
    language === reader
      ? null
      : { subject: `subject ${language} (${reader})`, body: `您好！\n\nbody (${reader})` },
  languages: ['de', 'en', 'zh'],
  greetings: [
    { email: 'sales@lumen.de', person: null, line: 'Hello,', preview: '您好！' },
    { email: 'ceo@lumen.de', person: 'Eva Lumen', line: 'Dear Eva,', preview: 'Eva，您好！' },
  ],
  follow_ups: [
    { days: 4, subject: `Re: subject ${language}`, body: `Hello,\n\nfollow-up ${language}`, preview: null },
    { days: 10, subject: `Re: subject ${language}`, body: `Hello,\n\nlast ${language}`, preview: null },
  ],
  translate: true,
  missing: [],
});

const form = () => composer.$composer.get().form!;

beforeEach(() => {
  vi.resetAllMocks();
  $translatorOff.set(null);
  vi.mocked(api.generateEmail).mockImplementation(async ({ language }) => draft(language ?? 'de'));
  vi.mocked(api.translateText).mockImplementation(async ({ text, target }) => ({
    text: `${text} (${target})`,
  }));
  vi.mocked(api.outreachQuota).mockResolvedValue({ cap: 50, used: 0, left: 50 });
});

describe('the draft', () => {
  it('is written on open in the lead’s language (the server’s choice), greeting the best valid address ticked', async () => {
    await composer.startComposer(lead('DE'), 'en');
    expect(api.generateEmail).toHaveBeenCalledWith(
      expect.not.objectContaining({ language: expect.anything() }),
      { toast: false },
    );
    expect(form()).toMatchObject({ subject: 'subject de', language: 'de' });
    expect(form().recipients).toEqual(['ceo@lumen.de']);
    // The server greets the first of `to`; the composer greets the address it ticked.
    expect(form().body).toBe('Dear Eva,\n\nbody de');
    expect(form().options.map((o) => [o.email, o.blocked])).toEqual([
      ['sales@lumen.de', null],
      ['ceo@lumen.de', null],
      ['bad@lumen.de', 'outreach.blocked.invalid'],
    ]);
    await vi.waitFor(() => expect(form().leftToday).toBe(50));
  });

  it('the built-in preview arrives with the draft: no translator is asked', async () => {
    await composer.startComposer(lead('DE'), 'zh');
    expect(form().preview).toMatchObject({ state: 'done', body: 'Eva，您好！\n\nbody (en)' });
    expect(form().previewOf).toEqual({ subject: 'subject de', body: 'Dear Eva,\n\nbody de' });
    expect(api.translateText).not.toHaveBeenCalled();
  });

  it('ticking another address first greets it, in the draft and the preview', async () => {
    await composer.startComposer(lead('DE'), 'zh');
    composer.toggleRecipient('ceo@lumen.de');
    composer.toggleRecipient('sales@lumen.de');
    expect(form().body).toBe('Hello,\n\nbody de');
    expect(form().preview).toMatchObject({ body: '您好！\n\nbody (en)' });
  });

  it('choosing a language writes a new draft in it, starting the form afresh', async () => {
    await composer.startComposer(lead('DE'), 'en');
    composer.editDraft({ subject: 'edited' });
    const before = composer.$composer.get().attempt;
    await composer.chooseDraftLanguage('zh');
    expect(composer.$composer.get().attempt).toBe(before + 1);
    expect(form()).toMatchObject({ subject: 'subject zh', language: 'zh' });
  });

  it('a refused draft says why and can be tried again', async () => {
    vi.mocked(api.generateEmail).mockRejectedValueOnce(new ApiError(ErrorCode.INTERNAL, 'writer down'));
    await composer.startComposer(lead('DE'), 'en');
    expect(composer.$composer.get()).toMatchObject({ form: null, refusal: { message: 'writer down' } });
    await composer.retryDraft();
    expect(composer.$composer.get().refusal).toBeNull();
    expect(form().subject).toBe('subject de');
  });

  it('a draft that arrives after another was asked for is dropped', async () => {
    let late = (_: OutreachDraft) => {};
    vi.mocked(api.generateEmail).mockImplementationOnce(() => new Promise((resolve) => (late = resolve)));
    const first = composer.startComposer(lead('DE'), 'en');
    await composer.chooseDraftLanguage('zh');
    late(draft('en'));
    await first;
    expect(form().language).toBe('zh');
  });
});

describe('closing the composer', () => {
  it('drops a draft still being written, so the next opening starts afresh', async () => {
    let late = (_: OutreachDraft) => {};
    vi.mocked(api.generateEmail).mockImplementationOnce(() => new Promise((resolve) => (late = resolve)));
    const writing = composer.startComposer(lead('DE'), 'en');
    composer.closeComposer();
    late(draft('en'));
    await writing;
    expect(composer.$composer.get()).toMatchObject({ lead: null, form: null, refusal: null, outcomes: null });
  });
});

describe('translation', () => {
  it('translates subject and body into the other language', async () => {
    await composer.startComposer(lead('DE'), 'en');
    await composer.chooseDraftLanguage('en');
    await composer.translateDraft();
    expect(form()).toMatchObject({
      subject: 'subject en (zh)',
      body: 'Dear Eva,\n\nbody en (zh)',
      language: 'zh',
    });
    expect(form().translation.state).toBe('done');
  });

  it('a German draft offers no translation; without a translator (the server says so) nothing is asked', async () => {
    await composer.startComposer(lead('DE'), 'en');
    await composer.translateDraft();
    expect(api.translateText).not.toHaveBeenCalled();
    vi.mocked(api.generateEmail).mockImplementation(async ({ language }) => ({
      ...draft(language ?? 'de'),
      translate: false,
    }));
    await composer.chooseDraftLanguage('en');
    await composer.translateDraft();
    await composer.readPreview();
    expect(api.translateText).not.toHaveBeenCalled();
  });

  it('a refused translation keeps the text and says why; no translator is asked once', async () => {
    await composer.startComposer(lead('DE'), 'en');
    await composer.chooseDraftLanguage('en');
    vi.mocked(api.translateText).mockRejectedValue(new ApiError(ErrorCode.FEATURE_DISABLED, 'no translator'));
    await composer.translateDraft();
    expect(form()).toMatchObject({ subject: 'subject en', language: 'en' });
    expect(form().translation).toMatchObject({
      state: 'refused',
      unavailable: true,
      refusal: { message: 'no translator' },
    });
    await composer.translateDraft();
    expect(api.translateText).toHaveBeenCalledTimes(1);
  });
});

describe('follow-ups', () => {
  it('arrive with the draft, both ticked, greeting the ticked address; they follow the first subject', async () => {
    await composer.startComposer(lead('US'), 'en');
    expect(form().followUps.map((f) => [f.include, f.days, f.body.split('\n')[0]])).toEqual([
      [true, '4', 'Dear Eva,'],
      [true, '10', 'Dear Eva,'],
    ]);
    composer.editDraft({ subject: 'Cat food' });
    expect(form().followUps[0]!.subject).toBe('Re: Cat food');
  });

  it('each recipient gets its own greeting in every follow-up; an unticked one is not sent', async () => {
    await composer.startComposer(lead('US'), 'en');
    composer.toggleRecipient('sales@lumen.de');
    composer.editFollowUp(1, { include: false });
    vi.mocked(api.sendEmail).mockImplementation(async ({ to }) => ({ to, status: 'queued' }) as never);
    await composer.sendComposedDraft();
    const sent = vi
      .mocked(api.sendEmail)
      .mock.calls.map(([body]) => [body.to, body.follow_ups?.map((f) => [f.days, f.body.split('\n')[0]])]);
    expect(sent).toEqual([
      ['ceo@lumen.de', [[4, 'Dear Eva,']]],
      ['sales@lumen.de', [[4, 'Hello,']]],
    ]);
  });

  it('days out of order are refused before anything is sent', async () => {
    await composer.startComposer(lead('US'), 'en');
    composer.editFollowUp(0, { days: '12' });
    await composer.sendComposedDraft();
    expect(form().problem?.key).toBe('outreach.error.followUpDays');
    expect(api.sendEmail).not.toHaveBeenCalled();
  });
});

describe('sending', () => {
  it('a draft that fails the checks is not sent and says why', async () => {
    await composer.startComposer(lead('US'), 'en');
    composer.editDraft({ subject: '  ' });
    await composer.sendComposedDraft();
    expect(form().problem).toEqual({ key: 'outreach.error.subjectRequired' });
    expect(api.sendEmail).not.toHaveBeenCalled();
  });

  it('a country that needs consent is not sent to until it is ticked', async () => {
    await composer.startComposer(lead('DE'), 'en');
    await composer.sendComposedDraft();
    expect(form().problem?.key).toMatch(/consent/i);
    composer.editDraft({ consent: true });
    vi.mocked(api.sendEmail).mockResolvedValue({ status: 'queued' } as never);
    await composer.sendComposedDraft();
    expect(form().problem).toBeNull();
    expect(api.sendEmail).toHaveBeenCalledTimes(1);
  });

  it('sends once per ticked address and shows what each got', async () => {
    await composer.startComposer(lead('US'), 'en');
    composer.toggleRecipient('sales@lumen.de');
    vi.mocked(api.sendEmail).mockImplementation(async ({ to }) => ({ to, status: 'queued' }) as never);
    await composer.sendComposedDraft();
    const sent = vi.mocked(api.sendEmail).mock.calls.map(([body]) => [body.to, body.body.split('\n')[0]]);
    // Each address is greeted as itself: the named contact by name, the sales box neutrally.
    expect(sent).toEqual([
      ['ceo@lumen.de', 'Dear Eva,'],
      ['sales@lumen.de', 'Hello,'],
    ]);
    expect(composer.$composer.get().outcomes?.map((o) => [o.to, o.sent !== null])).toEqual([
      ['ceo@lumen.de', true],
      ['sales@lumen.de', true],
    ]);
  });

  it('a retry of the same draft reuses each address’s request id', async () => {
    await composer.startComposer(lead('US'), 'en');
    vi.mocked(api.sendEmail).mockRejectedValue(new ApiError(ErrorCode.INTERNAL, 'smtp down'));
    await composer.sendComposedDraft();
    await composer.sendComposedDraft();
    const [first, second] = vi.mocked(api.sendEmail).mock.calls.map(([body]) => body.request_id);
    expect(first).toBe(second);
    expect(form().refusals.map((o) => [o.to, o.refusal?.message])).toEqual([['ceo@lumen.de', 'smtp down']]);
    expect(composer.$composer.get().outcomes).toBeNull();
  });

  it('unticking every address asks for one', async () => {
    await composer.startComposer(lead('US'), 'en');
    composer.toggleRecipient('ceo@lumen.de');
    await composer.sendComposedDraft();
    expect(form().problem).not.toBeNull();
    expect(api.sendEmail).not.toHaveBeenCalled();
  });
});
