import { map } from 'nanostores';
import type { LeadExport, LeadFacets, ListedLead } from '../../../contract/api.ts';
import { normalizeTags, isTag, MAX_TAGS_PER_LEAD, type LeadStage } from '../../../contract/rules.ts';
import * as api from '../api/calls.ts';
import { pageT } from '../pageLocale.ts';
import { showToast } from '../toast.ts';

/**
 * The saved and unlocked lists as a working list (issue 16.3): filters, sort, page, selection,
 * view, and the optimistic stage, tag and unsave changes that go back on failure (the API client
 * shows the localized error toast). Islands render this state and call these functions.
 */
export type ListKind = 'saved' | 'unlocked';
export type SortKey = 'listed' | 'name' | 'country' | 'role' | 'stage';
export type View = 'cards' | 'table';
export interface Filters {
  q: string;
  country: string;
  role: '' | 'buyer' | 'supplier';
  stage: '' | LeadStage;
  tag: string;
}
export interface LeadsListState {
  kind: ListKind;
  items: ListedLead[] | null;
  total: number;
  page: number;
  /** What the inputs hold; `applied` is what the shown rows were filtered by. */
  filters: Filters;
  applied: Filters;
  sort: SortKey;
  dir: 'asc' | 'desc';
  selected: string[];
  view: View;
  facets: LeadFacets;
}

export const PAGE_SIZE = 20;
export const VIEW_KEY = 'leads-view';
export const NO_FILTERS: Filters = { q: '', country: '', role: '', stage: '', tag: '' };

export const $leadsList = map<LeadsListState>({
  kind: 'saved',
  items: null,
  total: 0,
  page: 1,
  filters: NO_FILTERS,
  applied: NO_FILTERS,
  sort: 'listed',
  dir: 'desc',
  selected: [],
  view: 'cards',
  facets: { countries: [], tags: [] },
});

const apiKind = (kind: ListKind) => (kind === 'saved' ? 'collects' : 'unlocked');

/** The API query of the applied filters and sort. */
export function queryOf(state: Pick<LeadsListState, 'applied' | 'sort' | 'dir'>): api.LeadFilterQuery {
  const f = state.applied;
  const query: api.LeadFilterQuery = {};
  if (f.q.trim()) query.q = f.q.trim();
  if (f.country.trim()) query.country = f.country.trim();
  if (f.role) query.role = f.role;
  if (f.stage) query.stage = f.stage;
  if (f.tag.trim()) query.tag = f.tag.trim();
  if (state.sort === 'listed') {
    if (state.dir === 'asc') query.sort = 'oldest';
  } else {
    query.sort = state.sort;
    if (state.dir === 'desc') query.dir = 'desc';
  }
  return query;
}

/** Whether any filter is applied (an empty list then says "nothing matches", not "none yet"). */
export function hasFilters(filters: Filters): boolean {
  return Object.values(filters).some((value) => value.trim() !== '');
}

let loads = 0;
/** Loads a page of the list with the applied filters; an answer overtaken by a newer load is dropped. */
export async function load(page = $leadsList.get().page): Promise<void> {
  const state = $leadsList.get();
  const mine = ++loads;
  const query = { ...queryOf(state), page, page_size: PAGE_SIZE };
  const result = await (state.kind === 'saved' ? api.listCollects(query) : api.listUnlocked(query)).catch(
    () => null,
  );
  if (!result || mine !== loads) return;
  $leadsList.set({ ...$leadsList.get(), items: result.items, total: result.total, page, selected: [] });
}

/** Reloads the countries and tags the filters offer. */
export async function loadFacets(): Promise<void> {
  const facets = await api.leadFacets(apiKind($leadsList.get().kind), { toast: false }).catch(() => null);
  if (facets) $leadsList.setKey('facets', facets);
}

/** Opens a list: the remembered view, the first page, the filters' choices. */
export function openList(kind: ListKind): Promise<void> {
  let view: View = 'cards';
  try {
    if (globalThis.localStorage?.getItem(VIEW_KEY) === 'table') view = 'table';
  } catch {
    // Storage off: cards.
  }
  $leadsList.set({ ...$leadsList.get(), kind, view, items: null, page: 1, selected: [] });
  void loadFacets();
  return load(1);
}

export function setView(view: View): void {
  $leadsList.setKey('view', view);
  try {
    globalThis.localStorage?.setItem(VIEW_KEY, view);
  } catch {
    // Storage off: this visit only.
  }
}

export function setFilter<K extends keyof Filters>(key: K, value: Filters[K]): void {
  $leadsList.setKey('filters', { ...$leadsList.get().filters, [key]: value });
}

/** Applies what the filter inputs hold and shows the first page. */
export function applyFilters(): Promise<void> {
  $leadsList.setKey('applied', { ...$leadsList.get().filters });
  return load(1);
}

export function clearFilters(): Promise<void> {
  $leadsList.set({ ...$leadsList.get(), filters: NO_FILTERS, applied: NO_FILTERS });
  return load(1);
}

/** Sorts by a column: a second click on the same column turns the direction round. */
export function sortBy(sort: SortKey, dir?: 'asc' | 'desc'): Promise<void> {
  const state = $leadsList.get();
  const next =
    dir ??
    (state.sort === sort ? (state.dir === 'asc' ? 'desc' : 'asc') : sort === 'listed' ? 'desc' : 'asc');
  $leadsList.set({ ...state, sort, dir: next });
  return load(1);
}

export function toggleSelected(id: string): void {
  const selected = $leadsList.get().selected;
  $leadsList.setKey('selected', selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
}

/** Selects every row of the page, or none when all are selected. */
export function toggleAll(): void {
  const { items, selected } = $leadsList.get();
  const ids = (items ?? []).map((lead) => lead.id);
  $leadsList.setKey('selected', selected.length === ids.length ? [] : ids);
}

/** Changes rows in place (optimistically); returns the rows as they were, to put back on failure. */
function patchRows(ids: readonly string[], change: (lead: ListedLead) => ListedLead): ListedLead[] | null {
  const before = $leadsList.get().items;
  if (!before) return null;
  $leadsList.setKey(
    'items',
    before.map((lead) => (ids.includes(lead.id) ? change(lead) : lead)),
  );
  return before;
}

/** Sets the stage of some rows; an unlocked lead that is not saved is saved. Reverts on failure. */
export async function changeStage(ids: readonly string[], stage: LeadStage): Promise<boolean> {
  if (ids.length === 0) return false;
  const before = patchRows(ids, (lead) => ({ ...lead, stage, collected: true }));
  try {
    await api.setLeadStage({ lead_ids: [...ids], stage });
    return true;
  } catch {
    if (before) $leadsList.setKey('items', before);
    return false;
  }
}

/** The tag as it would be stored, or null with a toast when it cannot be added. */
function acceptable(tag: string, leads: readonly ListedLead[]): string | null {
  const t = pageT();
  const clean = tag.trim();
  if (!isTag(clean)) {
    showToast(t('leads.tagInvalid'), { kind: 'error' });
    return null;
  }
  if (leads.some((lead) => normalizeTags([...lead.tags, clean]).length > MAX_TAGS_PER_LEAD)) {
    showToast(t('leads.tooManyTags', { max: MAX_TAGS_PER_LEAD }), { kind: 'error' });
    return null;
  }
  return clean;
}

/** Adds a tag to some saved rows. Reverts on failure. */
export async function addTag(ids: readonly string[], tag: string): Promise<boolean> {
  const rows = ($leadsList.get().items ?? []).filter((lead) => ids.includes(lead.id));
  const clean = acceptable(tag, rows);
  if (!clean || ids.length === 0) return false;
  const before = patchRows(ids, (lead) => ({ ...lead, tags: normalizeTags([...lead.tags, clean]) }));
  try {
    await api.changeLeadTags({ lead_ids: [...ids], add: [clean] });
    void loadFacets();
    return true;
  } catch {
    if (before) $leadsList.setKey('items', before);
    return false;
  }
}

/** Removes a tag from one saved row. Reverts on failure. */
export async function removeTag(id: string, tag: string): Promise<boolean> {
  const lower = tag.toLowerCase();
  const before = patchRows([id], (lead) => ({
    ...lead,
    tags: lead.tags.filter((t) => t.toLowerCase() !== lower),
  }));
  try {
    await api.changeLeadTags({ lead_ids: [id], remove: [tag] });
    return true;
  } catch {
    if (before) $leadsList.setKey('items', before);
    return false;
  }
}

/** Unsaves the selected rows and reloads the page; on failure nothing leaves the list. */
export async function unsaveSelected(): Promise<boolean> {
  const ids = $leadsList.get().selected;
  if (ids.length === 0) return false;
  try {
    await api.uncollectLeads({ lead_ids: ids });
  } catch {
    return false;
  }
  showToast(pageT()('leads.unsaved', { count: ids.length }), { kind: 'success' });
  await load($leadsList.get().page);
  void loadFacets();
  return true;
}

/** The memo of a row changed (Memo saves it itself). */
export function memoSaved(id: string, memo: string): void {
  patchRows([id], (lead) => ({ ...lead, memo }));
}

/**
 * The rows an export holds: the selected rows of the page, or else every row the applied filters
 * match (up to the server's limit). Null when the call failed.
 */
export async function rowsToExport(): Promise<LeadExport | null> {
  const state = $leadsList.get();
  const chosen = (state.items ?? []).filter((lead) => state.selected.includes(lead.id));
  if (chosen.length) return { items: chosen, total: chosen.length, limit: chosen.length };
  return api.exportLeads(apiKind(state.kind), queryOf(state)).catch(() => null);
}
