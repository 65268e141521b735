import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  type LeadView,
  type SearchSummary,
  type SearchUnderstood,
  type UserInfo,
} from '../../contract/api.ts';
import { ApiError, RuntimeCode } from '@/lib/api/errors.ts';
import type { SearchHandlers } from '@/lib/api/search.ts';

// The API is stubbed: each test says what the server answers.
vi.mock('@/lib/api/calls.ts', () => ({
  getChatHistory: vi.fn(),
  getChatMessages: vi.fn(),
  deleteChatHistory: vi.fn(),
  getDefaultQuery: vi.fn(),
  getSearchQuota: vi.fn(),
  completeQuery: vi.fn(),
  unlockLead: vi.fn(),
  collectLead: vi.fn(),
  uncollectLeads: vi.fn(),
  getUserInfo: vi.fn(),
  getFile: vi.fn(),
}));
vi.mock('@/lib/api/search.ts', () => ({ searchLeads: vi.fn() }));

const api = await import('@/lib/api/calls.ts');
const { searchLeads } = await import('@/lib/api/search.ts');
const chat = await import('@/lib/stores/chat.ts');
const chips = await import('@/lib/stores/chips.ts');
const { $userInfo } = await import('@/lib/stores/session.ts');
const { $popup } = await import('@/lib/stores/ui.ts');
const { $toasts } = await import('@/lib/toast.ts');

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => vi.mocked(fn);

const lead = (id: string, locked = 1): LeadView =>
  ({
    id,
    name: `Lead ${id}`,
    why: `why ${id}`,
    collected: false,
    locked: { emails: locked, phones: 0, socials: 0 },
  }) as unknown as LeadView;

const understood = { chat_id: 'c1', text: 'LED buyers in Germany' } as never;

const summary = (change: Partial<SearchSummary> = {}): SearchSummary => ({
  text: 'Found 2',
  count: 2,
  by_country: [],
  more: false,
  broader: [],
  counted: true,
  searches_left: 29,
  ...change,
});

/** What "LED lights and solar panels from importers with a phone in the DACH region and France" was read as. */
const read: SearchUnderstood = {
  chat_id: 'c1',
  criteria: {
    role: 'buyer',
    countries: ['DE', 'AT', 'CH', 'FR'],
    regions: ['dach'],
    products: ['led-lights', 'solar-panels'],
    conditions: { phone: true, company_type: 'importer', employees: { min: 50 } },
  },
  role_stated: false,
  countries: [
    { code: 'DE', name: '德国' },
    { code: 'AT', name: '奥地利' },
    { code: 'CH', name: '瑞士' },
    { code: 'FR', name: '法国' },
  ],
  regions: [{ id: 'dach', name: '德语区', countries: ['DE', 'AT', 'CH'] }],
  products: [
    { id: 'led-lights', hs: '9405.42', name: 'LED灯' },
    { id: 'solar-panels', hs: '8541.43', name: '太阳能板' },
  ],
  conditions: [
    { key: 'company_type', label: '进口商' },
    { key: 'phone', label: '有电话' },
    { key: 'employees', label: '50 人及以上' },
  ],
  corrected: [],
  unknown: [],
  more: false,
  text: '正在查找：德语区、法国的LED灯、太阳能板买家',
};

/** The bodies every search so far was sent with. */
const bodies = () => mocked(searchLeads).mock.calls.map(([body]) => body);

/** A search whose stream sends these events, then ends. */
function streams(run: (handlers: SearchHandlers) => void | Promise<void>) {
  mocked(searchLeads).mockImplementation(async (_body, handlers) => {
    await run(handlers);
  });
}

const user: UserInfo = {
  user_id: 1,
  user_name: 'Demo',
  email: 'demo@example.com',
  language: 'zh',
  is_agent: 0,
  subscription_status: 0,
  service_expiration_time: null,
  pay_cycle: 1,
  subscription_info: null,
  point: 12,
  bp_used: 2,
};

beforeEach(() => {
  vi.resetAllMocks();
  chat.resetChat();
  $toasts.set([]);
  $popup.set(null);
  $userInfo.set(user);
  mocked(api.getChatHistory).mockResolvedValue([]);
  mocked(api.getUserInfo).mockResolvedValue(user);
  mocked(api.getFile).mockResolvedValue({ client_id: 'c', files: [], company_text: '' });
  mocked(api.getDefaultQuery).mockResolvedValue([]);
  mocked(api.getSearchQuota).mockResolvedValue({ searches_left: 30 });
});
afterEach(() => vi.useRealTimers());

describe('a search (spec §1)', () => {
  it('turns the stream into the shown answer: understood, each lead in order, the summary', async () => {
    streams((h) => {
      h.onUnderstood(understood);
      h.onLead(lead('L1'));
      h.onLead(lead('L2'));
      h.onSummary(summary());
    });
    await chat.sendQuery('  LED buyers in Germany  ');
    const { answers, chatId, searchesLeft, running } = chat.$chat.get();
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      query: 'LED buyers in Germany',
      summary: { text: 'Found 2' },
      error: null,
    });
    expect(answers[0]!.understood?.text).toBe('LED buyers in Germany');
    expect(answers[0]!.leads.map((l) => l.id)).toEqual(['L1', 'L2']);
    expect(chatId).toBe('c1');
    expect(searchesLeft).toBe(29);
    expect(running).toBe(false);
    expect(api.getChatHistory).toHaveBeenCalled();
  });

  it('continues the open conversation with the next sentence', async () => {
    streams((h) => h.onUnderstood(understood));
    await chat.sendQuery('first');
    await chat.sendQuery('second');
    expect(mocked(searchLeads).mock.calls.map(([body]) => body)).toEqual([
      { query: 'first' },
      { query: 'second', chat_id: 'c1' },
    ]);
    expect(chat.$chat.get().answers.map((a) => a.query)).toEqual(['first', 'second']);
  });

  it('ignores a blank sentence and a sentence sent while a search runs', async () => {
    let finish = () => {};
    mocked(searchLeads).mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    await chat.sendQuery('   ');
    const first = chat.sendQuery('one');
    await vi.waitFor(() => expect(searchLeads).toHaveBeenCalledTimes(1));
    await chat.sendQuery('two');
    finish();
    await first;
    expect(searchLeads).toHaveBeenCalledTimes(1);
    expect(chat.$chat.get().answers.map((a) => a.query)).toEqual(['one']);
  });

  it('clears the typed sentence when it is sent', async () => {
    streams(() => {});
    chat.typeQuery('LED');
    await chat.sendQuery(chat.$chatInput.get().text);
    expect(chat.$chatInput.get().text).toBe('');
  });

  it('a refusal keeps the sentence with the server’s reason; no searches left shows 0', async () => {
    mocked(searchLeads).mockRejectedValue(new ApiError(ErrorCode.SEARCH_QUOTA, 'no searches left', 429));
    await chat.sendQuery('LED buyers');
    const [answer] = chat.$chat.get().answers;
    expect(answer).toMatchObject({ query: 'LED buyers', error: 'no searches left', leads: [] });
    expect(chat.$chat.get().searchesLeft).toBe(0);
  });

  it('stopping keeps what arrived and says it stopped', async () => {
    mocked(searchLeads).mockImplementation(async (_body, handlers, signal) => {
      handlers.onLead(lead('L1'));
      await new Promise((_, reject) =>
        signal!.addEventListener('abort', () => reject(new ApiError(RuntimeCode.ABORT, 'aborted'))),
      );
    });
    const pending = chat.sendQuery('LED');
    await vi.waitFor(() => expect(chat.$chat.get().answers[0]?.leads).toHaveLength(1));
    chat.stopSearch();
    await pending;
    expect(chat.$chat.get().answers[0]).toMatchObject({ error: '已停止。' });
    expect(chat.$chat.get().answers[0]!.leads.map((l) => l.id)).toEqual(['L1']);
  });

  it('a search stopped by opening a new conversation leaves the new one empty', async () => {
    mocked(searchLeads).mockImplementation(
      (_body, _handlers, signal) =>
        new Promise((_, reject) =>
          signal!.addEventListener('abort', () => reject(new ApiError(RuntimeCode.ABORT, 'aborted'))),
        ),
    );
    const pending = chat.sendQuery('LED');
    await vi.waitFor(() => expect(searchLeads).toHaveBeenCalled());
    chat.startNewChat();
    await pending;
    expect(chat.$chat.get().answers).toEqual([]);
    expect(chat.$chat.get().chatId).toBeUndefined();
  });
});

describe('past conversations', () => {
  it('reopening one shows each question with its stored answer', async () => {
    mocked(api.getChatMessages).mockResolvedValue([
      { role: 'user', content: 'LED', created_at: '', understood: null, leads: [], more: false },
      {
        role: 'assistant',
        content: 'Found 1',
        created_at: '',
        understood: null,
        leads: [lead('L9')],
        more: false,
      },
      { role: 'user', content: 'refused', created_at: '', understood: null, leads: [], more: false },
    ]);
    await chat.reopenChat('c7');
    const { answers, chatId } = chat.$chat.get();
    expect(chatId).toBe('c7');
    expect(answers.map((a) => [a.query, a.summary?.text ?? null, a.leads.length])).toEqual([
      ['LED', 'Found 1', 1],
      ['refused', null, 0],
    ]);
  });

  it('a conversation that fails to load leaves the page as it was', async () => {
    streams((h) => h.onUnderstood(understood));
    await chat.sendQuery('LED');
    mocked(api.getChatMessages).mockRejectedValue(new Error('down'));
    await chat.reopenChat('c7');
    expect(chat.$chat.get().chatId).toBe('c1');
    expect(chat.$chat.get().answers).toHaveLength(1);
  });

  it('deleting the open conversation closes it and drops it from the list', async () => {
    mocked(api.getChatHistory).mockResolvedValue([
      { chat_id: 'c1', title: 'LED' },
      { chat_id: 'c2', title: 'solar' },
    ] as never);
    streams((h) => h.onUnderstood(understood));
    await chat.sendQuery('LED');
    await chat.loadHistory();
    mocked(api.deleteChatHistory).mockResolvedValue(null as never);
    await chat.deleteChat('c1');
    expect(chat.$chat.get().history?.map((c) => c.chat_id)).toEqual(['c2']);
    expect(chat.$chat.get().answers).toEqual([]);
    expect(chat.$chat.get().chatId).toBeUndefined();
  });

  it('a list that fails to load shows as empty', async () => {
    mocked(api.getChatHistory).mockRejectedValue(new Error('down'));
    await chat.loadHistory();
    expect(chat.$chat.get().history).toEqual([]);
  });
});

describe('refining the sentence with suggestions', () => {
  it('asks once typing pauses, keeps 6 and never the sentence itself', async () => {
    vi.useFakeTimers();
    mocked(api.completeQuery).mockResolvedValue(['LE', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    chat.startChat('en', '');
    chat.typeQuery('L');
    chat.typeQuery('LE');
    expect(api.completeQuery).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(chat.SUGGEST_DELAY_MS);
    expect(api.completeQuery).toHaveBeenCalledTimes(1);
    expect(api.completeQuery).toHaveBeenCalledWith({ q: 'LE', language: 'en' }, { toast: false });
    expect(chat.$chatInput.get().suggestions).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('drops an answer that arrives after the list was closed', async () => {
    vi.useFakeTimers();
    let answer = (_: string[]) => {};
    mocked(api.completeQuery).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    chat.typeQuery('LED');
    await vi.advanceTimersByTimeAsync(chat.SUGGEST_DELAY_MS);
    chat.closeSuggestions();
    answer(['LED lights']);
    await vi.advanceTimersByTimeAsync(0);
    expect(chat.$chatInput.get().suggestions).toEqual([]);
  });

  it('arrow keys move through the list and back to the typed sentence', async () => {
    vi.useFakeTimers();
    mocked(api.completeQuery).mockResolvedValue(['a', 'b']);
    chat.typeQuery('LED');
    await vi.advanceTimersByTimeAsync(chat.SUGGEST_DELAY_MS);
    chat.moveSuggestion(1);
    chat.moveSuggestion(1);
    expect(chat.$chatInput.get().active).toBe(1);
    chat.moveSuggestion(1);
    expect(chat.$chatInput.get().active).toBe(-1);
  });
});

describe('unlock and save in place', () => {
  it('an unlock shows the contacts, keeps why it matched and reloads the balance', async () => {
    streams((h) => h.onLead(lead('L1')));
    await chat.sendQuery('LED');
    mocked(api.unlockLead).mockResolvedValue({
      ...lead('L1', 0),
      why: '',
      contacts: { emails: [] },
    } as never);
    await chat.unlockLead(chat.$chat.get().answers[0]!.leads[0]!);
    const shown = chat.$chat.get().answers[0]!.leads[0]!;
    expect(shown.locked.emails).toBe(0);
    expect(shown.why).toBe('why L1');
    expect(api.getUserInfo).toHaveBeenCalled();
    expect(chat.$chat.get().unlocking).toBeNull();
  });

  it('too few beans opens the plans without asking the server', async () => {
    $userInfo.set({ ...user, point: 0, bp_used: 0 });
    await chat.unlockLead(lead('L1'));
    expect(api.unlockLead).not.toHaveBeenCalled();
    expect($popup.get()).toBe('plan');
    expect($toasts.get().map((t) => t.message)).toContain('蜜豆不足');
  });

  it('the server refusing for beans opens the plans', async () => {
    mocked(api.unlockLead).mockRejectedValue(new ApiError(ErrorCode.INSUFFICIENT_BEANS, 'no beans'));
    await chat.unlockLead(lead('L1'));
    expect($popup.get()).toBe('plan');
  });

  it('saving and unsaving flips the lead and says so', async () => {
    streams((h) => h.onLead(lead('L1')));
    await chat.sendQuery('LED');
    mocked(api.collectLead).mockResolvedValue(null as never);
    mocked(api.uncollectLeads).mockResolvedValue(null as never);
    await chat.toggleSaveLead(chat.$chat.get().answers[0]!.leads[0]!);
    expect(chat.$chat.get().answers[0]!.leads[0]!.collected).toBe(true);
    await chat.toggleSaveLead(chat.$chat.get().answers[0]!.leads[0]!);
    expect(chat.$chat.get().answers[0]!.leads[0]!.collected).toBe(false);
    expect(api.collectLead).toHaveBeenCalledTimes(1);
    expect(api.uncollectLeads).toHaveBeenCalledWith({ lead_ids: ['L1'] });
    expect($toasts.get().map((t) => t.message)).toEqual(['已收藏', '已取消收藏']);
  });

  it('a failed save changes nothing and throws nothing (issue 35: an uncaught error in the console)', async () => {
    streams((h) => h.onLead(lead('L1')));
    await chat.sendQuery('LED');
    mocked(api.collectLead).mockRejectedValue(new ApiError(ErrorCode.NOT_FOUND, 'gone'));
    await expect(chat.toggleSaveLead(chat.$chat.get().answers[0]!.leads[0]!)).resolves.toBe(false);
    expect(chat.$chat.get().answers[0]!.leads[0]!.collected).toBe(false);
    expect($toasts.get()).toEqual([]);
  });
});

describe('opening the chat page', () => {
  it('sends the sentence carried over from the home page', async () => {
    mocked(api.getDefaultQuery).mockResolvedValue(['example']);
    mocked(api.getSearchQuota).mockResolvedValue({ searches_left: 30 });
    streams(() => {});
    chat.startChat('zh', '?q=LED%20buyers');
    await vi.waitFor(() => expect(chat.$chat.get().answers).toHaveLength(1));
    expect(chat.$chat.get().answers[0]!.query).toBe('LED buyers');
    await vi.waitFor(() => expect(chat.$chat.get().examples).toEqual(['example']));
  });

  it('learns whether the account has company files yet (the first day’s path)', async () => {
    const { $companyInfo } = await import('@/lib/stores/session.ts');
    $companyInfo.set(null);
    mocked(api.getDefaultQuery).mockResolvedValue([]);
    mocked(api.getSearchQuota).mockResolvedValue({ searches_left: 30 });
    chat.startChat('zh', '');
    await vi.waitFor(() => expect($companyInfo.get()?.files).toEqual([]));
  });

  it('a quota that answers after the first search’s summary does not put back the count before it', async () => {
    mocked(api.getDefaultQuery).mockResolvedValue([]);
    let answerQuota!: (quota: { searches_left: number }) => void;
    mocked(api.getSearchQuota).mockReturnValue(new Promise((resolve) => (answerQuota = resolve)));
    streams((handlers) => handlers.onSummary?.({ searches_left: 29 } as never));
    chat.startChat('zh', '?q=LED%20buyers');
    await vi.waitFor(() => expect(chat.$chat.get().searchesLeft).toBe(29));
    answerQuota({ searches_left: 30 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.$chat.get().searchesLeft).toBe(29);
  });

  it('reopens the conversation in the address', async () => {
    mocked(api.getDefaultQuery).mockResolvedValue([]);
    mocked(api.getSearchQuota).mockResolvedValue({ searches_left: 30 });
    mocked(api.getChatMessages).mockResolvedValue([]);
    chat.startChat('zh', '?chat=c5');
    await vi.waitFor(() => expect(chat.$chat.get().chatId).toBe('c5'));
    expect(chat.$chat.get().searchesLeft).toBe(30);
  });
});

describe('the summary and failures mid-stream', () => {
  it('a subscriber’s summary (searches_left null) hides the free-search count, and a refusal keeps it hidden', async () => {
    streams((h) => {
      h.onUnderstood(understood);
      h.onSummary(summary({ searches_left: null }));
    });
    await chat.sendQuery('LED');
    expect(chat.$chat.get().searchesLeft).toBeNull();
    // A subscriber's fair-use ceiling is not "0 free searches left".
    mocked(searchLeads).mockRejectedValue(new ApiError(ErrorCode.SEARCH_QUOTA, 'fair use reached', 429));
    await chat.sendQuery('LED again');
    expect(chat.$chat.get().searchesLeft).toBeNull();
    expect(chat.$chat.get().answers[1]!.error).toBe('fair use reached');
  });

  it('keeps the summary’s facts on the answer: more, per country, counted', async () => {
    const last = summary({
      count: 0,
      more: false,
      counted: false,
      searches_left: 29,
      by_country: [{ code: 'FR', name: '法国', count: 0 }],
    });
    streams((h) => h.onSummary(last));
    await chat.sendQuery('LED');
    expect(chat.$chat.get().answers[0]!.summary).toEqual(last);
    expect(chat.$chat.get().searchesLeft).toBe(29);
  });

  it('an `error` event after some leads keeps them and shows its message as the answer’s error', async () => {
    mocked(searchLeads).mockImplementation(async (_body, handlers) => {
      handlers.onUnderstood(understood);
      handlers.onLead(lead('L1'));
      throw new ApiError(ErrorCode.INTERNAL, '服务器繁忙，请稍后再试');
    });
    await chat.sendQuery('LED');
    const [answer] = chat.$chat.get().answers;
    expect(answer).toMatchObject({ error: '服务器繁忙，请稍后再试', summary: null });
    expect(answer!.leads.map((l) => l.id)).toEqual(['L1']);
    expect(chat.$chat.get().running).toBe(false);
  });

  it('retrying sends the failed search again as it was asked', async () => {
    streams((h) => h.onUnderstood(understood));
    await chat.sendQuery('LED');
    mocked(searchLeads).mockRejectedValueOnce(new Error('down'));
    await chat.showMore();
    await chat.retry(chat.$chat.get().answers[1]!);
    expect(bodies()).toEqual([
      { query: 'LED' },
      { more: true, chat_id: 'c1' },
      { more: true, chat_id: 'c1' },
    ]);
  });
});

describe('editing an answer’s chips (criteria) and showing more', () => {
  /** A conversation whose last answer understood `read`. */
  async function answered(): Promise<SearchUnderstood> {
    streams((h) => {
      h.onUnderstood(read);
      h.onSummary(summary({ more: true }));
    });
    await chat.sendQuery('DACH and France');
    mocked(searchLeads).mockClear();
    return chat.$chat.get().answers[0]!.understood!;
  }

  it('shows a region as one chip, the countries named on their own, then products and conditions', () => {
    expect(chips.answerChips(read).map((c) => `${c.kind}:${c.id}:${c.label}`)).toEqual([
      'region:dach:德语区',
      'country:FR:法国',
      'product:led-lights:LED灯',
      'product:solar-panels:太阳能板',
      'condition:company_type:进口商',
      'condition:phone:有电话',
      'condition:employees:50 人及以上',
    ]);
  });

  it('removing a country sends the criteria without it, in the same conversation', async () => {
    const u = await answered();
    const france = chips.answerChips(u).find((c) => c.id === 'FR')!;
    await chips.removeChip(u, france);
    expect(bodies()).toEqual([
      { criteria: { ...read.criteria, countries: ['DE', 'AT', 'CH'] }, chat_id: 'c1' },
    ]);
    const answers = chat.$chat.get().answers;
    expect(answers).toHaveLength(2);
    expect(answers[1]!.query).toBe('修改条件');
  });

  it('removing a region removes its countries with it', async () => {
    const u = await answered();
    await chips.removeChip(u, chips.answerChips(u)[0]!);
    expect(bodies()[0]).toMatchObject({ criteria: { countries: ['FR'], regions: [] } });
  });

  it('removing a product or a condition drops only that one', async () => {
    const u = await answered();
    const [, , led, , type, phone, size] = chips.answerChips(u);
    await chips.removeChip(u, led!);
    await chips.removeChip(u, type!);
    await chips.removeChip(u, phone!);
    await chips.removeChip(u, size!);
    const sent = bodies().map((b) => (b as { criteria: SearchUnderstood['criteria'] }).criteria);
    expect(sent[0]!.products).toEqual(['solar-panels']);
    expect(sent[1]!.conditions).toEqual({ phone: true, employees: { min: 50 } });
    expect(sent[2]!.conditions).toEqual({ company_type: 'importer', employees: { min: 50 } });
    expect(sent[3]!.conditions).toEqual({ phone: true, company_type: 'importer' });
    // The answer's own criteria are left as they were.
    expect(u.criteria).toEqual(read.criteria);
  });

  it('removing the chip of kinds insisted on ("only importers or wholesalers") removes every part of it', async () => {
    await answered();
    const only = {
      ...read,
      criteria: {
        ...read.criteria,
        conditions: {
          company_type: 'importer' as const,
          company_types: ['importer' as const, 'wholesaler' as const],
          company_type_only: true as const,
          phone: true as const,
        },
      },
    };
    const type = chips.answerChips(only).find((c) => c.kind === 'condition' && c.id === 'company_type')!;
    await chips.removeChip(only, type);
    expect((bodies()[0] as { criteria: SearchUnderstood['criteria'] }).criteria.conditions).toEqual({
      phone: true,
    });
  });

  it('the last product cannot be removed', async () => {
    const one = {
      ...read,
      criteria: { ...read.criteria, products: ['led-lights'] },
      products: [read.products[0]!],
    };
    const product = chips.answerChips(one).find((c) => c.kind === 'product')!;
    expect(chips.canRemove(one.criteria, product)).toBe(false);
    expect(chips.canRemove(read.criteria, product)).toBe(true);
    await chips.removeChip(one, product);
    expect(searchLeads).not.toHaveBeenCalled();
  });

  it('switching the role reruns the search for suppliers; the same role does nothing', async () => {
    const u = await answered();
    await chips.switchRole(u, 'buyer');
    expect(searchLeads).not.toHaveBeenCalled();
    await chips.switchRole(u, 'supplier');
    expect(bodies()).toEqual([{ criteria: { ...read.criteria, role: 'supplier' }, chat_id: 'c1' }]);
  });

  it('"show more" asks for more in the conversation and appends a new answer', async () => {
    await answered();
    streams((h) => h.onLead(lead('L11')));
    await chat.showMore();
    expect(bodies()).toEqual([{ more: true, chat_id: 'c1' }]);
    const answers = chat.$chat.get().answers;
    expect(answers.map((a) => a.query)).toEqual(['DACH and France', '显示更多']);
    expect(answers[1]!.leads.map((l) => l.id)).toEqual(['L11']);
  });

  it('a follow-up sentence goes to the open conversation, where the server refines the last answer', async () => {
    await answered();
    await chat.sendQuery('换成法国的');
    expect(bodies()).toEqual([{ query: '换成法国的', chat_id: 'c1' }]);
  });

  it('without an open conversation, edits and "show more" send nothing', async () => {
    await chat.editSearch(read.criteria);
    await chat.showMore();
    expect(searchLeads).not.toHaveBeenCalled();
    expect(chat.$chat.get().answers).toEqual([]);
  });

  it('nothing is sent while a search runs', async () => {
    const u = await answered();
    let finish = () => {};
    mocked(searchLeads).mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const pending = chat.showMore();
    await chips.switchRole(u, 'supplier');
    await chat.showMore();
    finish();
    await pending;
    expect(searchLeads).toHaveBeenCalledTimes(1);
  });

  it('a reopened answer offers "show more" when more matched than it showed', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => lead(`L${i}`));
    mocked(api.getChatMessages).mockResolvedValue([
      { role: 'user', content: 'LED', created_at: '', understood: null, leads: [], more: false },
      { role: 'assistant', content: 'Found 10', created_at: '', understood: null, leads: ten, more: true },
      { role: 'user', content: '显示更多', created_at: '', understood: null, leads: [], more: false },
      {
        role: 'assistant',
        content: 'Found 10',
        created_at: '',
        understood: null,
        leads: ten.slice(0, 10),
        more: false,
      },
    ]);
    await chat.reopenChat('c7');
    expect(chat.$chat.get().answers.map((a) => a.summary?.more)).toEqual([true, false]);
  });
});
