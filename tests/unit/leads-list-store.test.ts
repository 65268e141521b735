import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListedLead } from '../../contract/api.ts';
import { ApiError } from '@/lib/api/errors.ts';

// The API is stubbed: each test says what the server answers.
vi.mock('@/lib/api/calls.ts', () => ({
  listCollects: vi.fn(),
  listUnlocked: vi.fn(),
  leadFacets: vi.fn(),
  exportLeads: vi.fn(),
  setLeadStage: vi.fn(),
  changeLeadTags: vi.fn(),
  uncollectLeads: vi.fn(),
}));

const api = await import('@/lib/api/calls.ts');
const store = await import('@/lib/stores/leadsList.ts');
const { $toasts } = await import('@/lib/toast.ts');

const lead = (id: string, extra: Partial<ListedLead> = {}): ListedLead =>
  ({
    id,
    name: `Co ${id}`,
    stage: 'new',
    tags: [],
    memo: '',
    listed_at: '2025-01-01T00:00:00Z',
    ...extra,
  }) as ListedLead;
const storage = new Map<string, string>();
const failure = () => new ApiError(40400, 'not found');

beforeEach(async () => {
  vi.resetAllMocks();
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
  });
  $toasts.set([]);
  vi.mocked(api.listCollects).mockResolvedValue({ items: [lead('L000001'), lead('L000002')], total: 2 });
  vi.mocked(api.listUnlocked).mockResolvedValue({ items: [lead('L000003', { stage: null })], total: 1 });
  vi.mocked(api.leadFacets).mockResolvedValue({ countries: [], tags: [] });
  store.$leadsList.setKey('filters', store.NO_FILTERS);
  store.$leadsList.setKey('applied', store.NO_FILTERS);
  store.$leadsList.setKey('sort', 'listed');
  store.$leadsList.setKey('dir', 'desc');
  await store.openList('saved');
});

describe('leads list store', () => {
  it('opens with the remembered view and keeps a new choice', async () => {
    expect(store.$leadsList.get()).toMatchObject({ view: 'cards', total: 2 });
    store.setView('table');
    expect(storage.get(store.VIEW_KEY)).toBe('table');
    await store.openList('saved');
    expect(store.$leadsList.get().view).toBe('table');
  });

  it('sends the applied filters and sort; a second click on a column reverses it', async () => {
    store.setFilter('country', ' 澳大利亚 ');
    store.setFilter('stage', 'won');
    // Typed but not applied: not sent yet.
    expect(store.queryOf(store.$leadsList.get())).toEqual({});
    await store.applyFilters();
    await store.sortBy('name');
    expect(vi.mocked(api.listCollects).mock.lastCall![0]).toMatchObject({
      country: '澳大利亚',
      stage: 'won',
      sort: 'name',
      page: 1,
    });
    await store.sortBy('name');
    expect(vi.mocked(api.listCollects).mock.lastCall![0]).toMatchObject({ sort: 'name', dir: 'desc' });
    await store.sortBy('listed', 'asc');
    expect(vi.mocked(api.listCollects).mock.lastCall![0]).toMatchObject({ sort: 'oldest' });
    expect(store.hasFilters(store.$leadsList.get().applied)).toBe(true);
    await store.clearFilters();
    expect(store.hasFilters(store.$leadsList.get().applied)).toBe(false);
  });

  it('sets a stage at once and puts it back when the server refuses', async () => {
    vi.mocked(api.setLeadStage).mockResolvedValueOnce(null);
    expect(await store.changeStage(['L000001'], 'won')).toBe(true);
    expect(store.$leadsList.get().items![0]!.stage).toBe('won');
    vi.mocked(api.setLeadStage).mockRejectedValueOnce(failure());
    expect(await store.changeStage(['L000001', 'L000002'], 'lost')).toBe(false);
    expect(store.$leadsList.get().items!.map((l) => l.stage)).toEqual(['won', 'new']);
  });

  it('an unlocked lead given a stage counts as saved', async () => {
    await store.openList('unlocked');
    vi.mocked(api.setLeadStage).mockResolvedValueOnce(null);
    await store.changeStage(['L000003'], 'contacted');
    expect(store.$leadsList.get().items![0]).toMatchObject({ stage: 'contacted', collected: true });
  });

  it('adds trimmed tags without twins, refuses bad ones without calling, reverts on failure', async () => {
    vi.mocked(api.changeLeadTags).mockResolvedValue(null);
    expect(await store.addTag(['L000001'], '  VIP ')).toBe(true);
    expect(await store.addTag(['L000001'], 'vip')).toBe(true);
    expect(store.$leadsList.get().items![0]!.tags).toEqual(['VIP']);
    expect(vi.mocked(api.changeLeadTags).mock.calls[0]![0]).toEqual({ lead_ids: ['L000001'], add: ['VIP'] });
    vi.mocked(api.changeLeadTags).mockClear();
    expect(await store.addTag(['L000001'], 'x'.repeat(25))).toBe(false);
    expect(await store.addTag(['L000001'], '   ')).toBe(false);
    expect(api.changeLeadTags).not.toHaveBeenCalled();
    expect($toasts.get().filter((toast) => toast.kind === 'error')).toHaveLength(2);
    vi.mocked(api.changeLeadTags).mockRejectedValueOnce(failure());
    expect(await store.removeTag('L000001', 'vip')).toBe(false);
    expect(store.$leadsList.get().items![0]!.tags).toEqual(['VIP']);
  });

  it('refuses an 11th tag on a lead before calling', async () => {
    store.$leadsList.setKey('items', [
      lead('L000001', { tags: Array.from({ length: 10 }, (_, i) => `t${i}`) }),
    ]);
    expect(await store.addTag(['L000001'], 'one more')).toBe(false);
    expect(api.changeLeadTags).not.toHaveBeenCalled();
  });

  it('keeps the rows when unsaving fails, reloads when it works', async () => {
    store.toggleSelected('L000001');
    vi.mocked(api.uncollectLeads).mockRejectedValueOnce(failure());
    expect(await store.unsaveSelected()).toBe(false);
    expect(store.$leadsList.get().items).toHaveLength(2);
    vi.mocked(api.uncollectLeads).mockResolvedValueOnce(null);
    vi.mocked(api.listCollects).mockResolvedValueOnce({ items: [lead('L000002')], total: 1 });
    expect(await store.unsaveSelected()).toBe(true);
    expect(store.$leadsList.get()).toMatchObject({ total: 1, selected: [] });
  });

  it('exports the selected rows, or else every row the filters match', async () => {
    store.toggleAll();
    expect(store.$leadsList.get().selected).toEqual(['L000001', 'L000002']);
    store.toggleSelected('L000002');
    expect((await store.rowsToExport())!.items.map((l) => l.id)).toEqual(['L000001']);
    store.toggleSelected('L000001');
    store.setFilter('tag', 'VIP');
    await store.applyFilters();
    vi.mocked(api.exportLeads).mockResolvedValueOnce({ items: [lead('L000009')], total: 7000, limit: 5000 });
    expect(await store.rowsToExport()).toMatchObject({ total: 7000, limit: 5000 });
    expect(vi.mocked(api.exportLeads).mock.lastCall).toEqual(['collects', { tag: 'VIP' }]);
    vi.mocked(api.exportLeads).mockRejectedValueOnce(failure());
    expect(await store.rowsToExport()).toBeNull();
  });
});
