import { atom } from 'nanostores';
import type { ProductName, SellerProfile } from '../../../contract/api.ts';
import type { ProfileField } from '../../../contract/profile.ts';
import * as api from '../api/calls.ts';
import { ApiError } from '../api/errors.ts';
import { pageT } from '../pageLocale.ts';
import {
  draftOf,
  profileProblems,
  saveRequestOf,
  withProduct,
  type ProfileDraft,
  type ProfileProblems,
} from '../profile.ts';
import { patch } from './patch.ts';

/** The profile page: the profile as saved, the form, what is wrong with it, what the last action did. */
export interface ProfilePage {
  state: 'loading' | 'ready' | 'failed';
  profile: SellerProfile | null;
  draft: ProfileDraft | null;
  problems: ProfileProblems;
  /** A message about a field from the server (its own words), by field. */
  refused: Partial<Record<ProfileField, string>>;
  /** A message about the whole form. */
  notice: { kind: 'success' | 'error'; text: string } | null;
  /** Products matching what is typed in "add a product"; null before anything is typed. */
  suggestions: ProductName[] | null;
}

const initial = (): ProfilePage => ({
  state: 'loading',
  profile: null,
  draft: null,
  problems: {},
  refused: {},
  notice: null,
  suggestions: null,
});

export const $profilePage = atom<ProfilePage>(initial());

const loaded = (profile: SellerProfile, notice: ProfilePage['notice'] = null) =>
  patch($profilePage, {
    state: 'ready',
    profile,
    draft: draftOf(profile),
    problems: {},
    refused: {},
    notice,
  });

/** Loads the profile (the server reads the files the first time). */
export async function loadProfile(): Promise<void> {
  $profilePage.set(initial());
  try {
    loaded(await api.getProfile({ toast: false }));
  } catch {
    patch($profilePage, { state: 'failed' });
  }
}

/**
 * The company files changed (the upload modal on this page): the server has read them into the
 * profile, so load it again, unless the form holds changes not saved yet (they are kept).
 */
export async function profileFilesChanged(): Promise<void> {
  const { profile, draft } = $profilePage.get();
  if (!profile || !draft || JSON.stringify(draftOf(profile)) !== JSON.stringify(draft)) return;
  const fresh = await api.getProfile({ toast: false }).catch(() => null);
  // Typed into, saved or loaded while the answer was on its way: that state is newer, keep it.
  if (fresh && $profilePage.get().draft === draft && $profilePage.get().profile === profile) loaded(fresh);
}

/** Changes form fields; a field's old message goes with the change. */
export function editProfile(change: Partial<ProfileDraft>): void {
  const { draft, refused } = $profilePage.get();
  if (!draft) return;
  const cleared = { ...refused };
  for (const key of Object.keys(change))
    delete cleared[(key === 'moqQuantity' || key === 'moqUnit' ? 'moq' : key) as ProfileField];
  patch($profilePage, { draft: { ...draft, ...change }, refused: cleared, notice: null });
}

/** Adds a product from the suggestions. */
export function addProduct(product: ProductName): void {
  const { draft } = $profilePage.get();
  if (draft) editProfile({ products: withProduct(draft.products, product) });
}

/** Takes a product off the list. */
export function removeProduct(id: string): void {
  const { draft } = $profilePage.get();
  if (draft) editProfile({ products: draft.products.filter((p) => p.id !== id) });
}

let asked = 0;
/** Looks up products for what was typed (the latest answer wins). */
export async function suggestProducts(typed: string): Promise<void> {
  const q = typed.trim();
  const call = ++asked;
  if (!q) return patch($profilePage, { suggestions: null });
  const found = await api.suggestProducts({ q: q.slice(0, 80) }, { toast: false }).catch(() => []);
  if (call === asked) patch($profilePage, { suggestions: found });
}

/** What a refused save says: the field's own message, else one for the form. */
function refusal(error: unknown): Pick<ProfilePage, 'refused' | 'notice'> {
  const field = error instanceof ApiError ? (error.data as { field?: unknown } | null)?.field : undefined;
  if (typeof field === 'string' && error instanceof ApiError)
    return { refused: { [field as ProfileField]: error.message }, notice: null };
  const text = error instanceof ApiError ? error.message : pageT()('errors.default');
  return { refused: {}, notice: { kind: 'error', text } };
}

/** Saves the form after checking it; resolves to whether it was saved. */
export async function saveProfile(): Promise<boolean> {
  const { draft } = $profilePage.get();
  if (!draft) return false;
  const problems = profileProblems(draft);
  if (Object.keys(problems).length) {
    patch($profilePage, { problems, notice: { kind: 'error', text: pageT()('profile.error.fix') } });
    return false;
  }
  patch($profilePage, { problems: {} });
  try {
    loaded(await api.saveProfile(saveRequestOf(draft), { toast: false }), {
      kind: 'success',
      text: pageT()('profile.saved'),
    });
    return true;
  } catch (error) {
    patch($profilePage, refusal(error));
    return false;
  }
}

/** Reads the files again into the fields the user has not changed. */
export async function rereadFiles(): Promise<void> {
  try {
    loaded(await api.refreshProfile({}, { toast: false }), {
      kind: 'success',
      text: pageT()('profile.rereadDone'),
    });
  } catch (error) {
    patch($profilePage, refusal(error));
  }
}
