import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerProfile } from '../../contract/api.ts';

// The API is stubbed: each test says what the server answers, and when.
vi.mock('@/lib/api/calls.ts', () => ({
  getProfile: vi.fn(),
  saveProfile: vi.fn(),
  refreshProfile: vi.fn(),
  suggestProducts: vi.fn(),
}));

const api = await import('@/lib/api/calls.ts');
const store = await import('@/lib/stores/profile.ts');

const fromFiles = (name_en: string): SellerProfile => ({
  company_zh: '宁波明亮宠物用品有限公司',
  company_en: 'Ningbo Bright Pet Products Co., Ltd.',
  products: [{ id: 'cat-food', zh: '猫粮', en: 'cat food' }],
  strengths: [],
  certifications: ['HACCP'],
  moq: null,
  website: '',
  name_zh: '李伟',
  name_en,
  title_zh: '',
  title_en: '',
  phone: '',
  wechat: '',
  whatsapp: '',
  edited: [],
  from_files: ['company_zh', 'name_en'],
  files_read: 1,
  read_by: 'builtin',
  sources: { fields: {}, products: {}, strengths: {}, certifications: {}, other_moq: [] },
  updated_at: null,
});

/** A promise the test settles when it chooses. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

const draft = () => store.$profilePage.get().draft!;

beforeEach(async () => {
  vi.resetAllMocks();
  vi.mocked(api.getProfile).mockResolvedValue(fromFiles('Li Wei'));
  await store.loadProfile();
});

describe('the profile page after an upload (src/lib/stores/profile.ts)', () => {
  it('shows what the server read from the new file when the form is untouched', async () => {
    vi.mocked(api.getProfile).mockResolvedValue(fromFiles('Wei Li'));
    await store.profileFilesChanged();
    expect(draft().name_en).toBe('Wei Li');
  });

  it('keeps what the user typed while the fresh profile was on its way', async () => {
    const answer = later<SellerProfile>();
    vi.mocked(api.getProfile).mockReturnValue(answer.promise);
    const refreshing = store.profileFilesChanged();
    store.editProfile({ name_en: 'William Li' });
    answer.settle(fromFiles('Li Wei'));
    await refreshing;
    expect(draft().name_en).toBe('William Li');
  });

  it('keeps a save that finished while the fresh profile was on its way', async () => {
    const answer = later<SellerProfile>();
    vi.mocked(api.getProfile).mockReturnValue(answer.promise);
    const refreshing = store.profileFilesChanged();
    store.editProfile({ name_en: 'William Li' });
    vi.mocked(api.saveProfile).mockResolvedValue({ ...fromFiles('William Li'), edited: ['name_en'] });
    expect(await store.saveProfile()).toBe(true);
    answer.settle(fromFiles('Li Wei'));
    await refreshing;
    expect(draft().name_en).toBe('William Li');
    expect(store.$profilePage.get().notice?.kind).toBe('success');
  });

  it('does not reload over changes not saved yet', async () => {
    store.editProfile({ name_en: 'William Li' });
    vi.mocked(api.getProfile).mockClear();
    await store.profileFilesChanged();
    expect(api.getProfile).not.toHaveBeenCalled();
    expect(draft().name_en).toBe('William Li');
  });
});
