import { describe, expect, it } from 'vitest';
import type { SellerProfile } from '../../contract/api.ts';
import { draftOf, profileProblems, saveRequestOf, toggled, withProduct } from '../../src/lib/profile.ts';

const profile: SellerProfile = {
  company_zh: '宁波明亮宠物用品有限公司',
  company_en: 'Ningbo Bright Pet Products Co., Ltd.',
  products: [{ id: 'cat-food', zh: '猫粮', en: 'cat food' }],
  strengths: ['samples'],
  certifications: ['CE'],
  moq: { quantity: 500, unit: 'kg' },
  website: 'www.brightpet.cn',
  name_zh: '李伟',
  name_en: 'Li Wei',
  title_zh: '销售经理',
  title_en: 'Sales Manager',
  phone: '+86 574 8765 4321',
  wechat: 'liwei_brightpet',
  whatsapp: '',
  edited: [],
  from_files: ['company_zh'],
  files_read: 1,
  read_by: 'builtin',
  sources: { fields: {}, products: {}, strengths: {}, certifications: {}, other_moq: [] },
  updated_at: null,
};

describe('the profile form (src/lib/profile.ts)', () => {
  it('round-trips a profile into the request PUT /profile takes', () => {
    expect(saveRequestOf(draftOf(profile))).toEqual({
      company_zh: profile.company_zh,
      company_en: profile.company_en,
      products: ['cat-food'],
      strengths: ['samples'],
      certifications: ['CE'],
      moq: { quantity: 500, unit: 'kg' },
      website: 'www.brightpet.cn',
      name_zh: '李伟',
      name_en: 'Li Wei',
      title_zh: '销售经理',
      title_en: 'Sales Manager',
      phone: '+86 574 8765 4321',
      wechat: 'liwei_brightpet',
      whatsapp: '',
    });
  });

  it('an empty MOQ quantity saves no minimum order', () => {
    expect(saveRequestOf({ ...draftOf(profile), moqQuantity: ' ' }).moq).toBeNull();
  });

  it('finds the problems the server would refuse, field by field', () => {
    const draft = {
      ...draftOf(profile),
      website: 'javascript:alert(1)',
      phone: 'call me',
      wechat: 'a b',
      moqQuantity: '2.5',
      name_en: 'Li\nWei',
    };
    expect(profileProblems(draft)).toEqual({
      website: { key: 'profile.error.website' },
      phone: { key: 'profile.error.phone' },
      wechat: { key: 'profile.error.wechat' },
      moq: { key: 'profile.error.moq' },
      name_en: { key: 'profile.error.text', params: { max: 60 } },
    });
    expect(profileProblems(draftOf(profile))).toEqual({});
  });

  it('adds a product once, and toggles choices', () => {
    const cat = profile.products[0]!;
    expect(withProduct([cat], cat)).toEqual([cat]);
    expect(toggled(['CE'], 'RoHS')).toEqual(['CE', 'RoHS']);
    expect(toggled(['CE', 'RoHS'], 'CE')).toEqual(['RoHS']);
  });
});
