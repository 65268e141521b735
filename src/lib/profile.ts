/**
 * Rules of the seller profile page (docs/outreach-ui.md "Seller profile"), framework-free: the
 * form's values, the checks it makes before saving (the server's own rules, contract/profile.ts)
 * and what it sends.
 */
import type { ProductName, SaveProfileRequest, SellerProfile } from '../../contract/api.ts';
import {
  isMoqQuantity,
  isPhone,
  isProfileText,
  isWebsite,
  isWechat,
  MAX_PROFILE_PRODUCTS,
  PROFILE_TEXT_MAX,
  type Certification,
  type MoqUnit,
  type ProfileField,
  type ProfileTextField,
  type Strength,
} from '../../contract/profile.ts';
import type { UIKey } from '../i18n/index.ts';

/** What the form edits: the profile's fields, the MOQ quantity as typed. */
export interface ProfileDraft {
  company_zh: string;
  company_en: string;
  products: ProductName[];
  strengths: Strength[];
  certifications: Certification[];
  moqQuantity: string;
  moqUnit: MoqUnit;
  website: string;
  name_zh: string;
  name_en: string;
  title_zh: string;
  title_en: string;
  phone: string;
  wechat: string;
  whatsapp: string;
}

/** A field's problem: a message key with its parameters. */
export interface FieldProblem {
  key: UIKey;
  params?: Record<string, string | number>;
}
export type ProfileProblems = Partial<Record<ProfileField, FieldProblem>>;

/** The form's values for a loaded profile. */
export function draftOf(profile: SellerProfile): ProfileDraft {
  return {
    company_zh: profile.company_zh,
    company_en: profile.company_en,
    products: profile.products,
    strengths: profile.strengths,
    certifications: profile.certifications,
    moqQuantity: profile.moq ? String(profile.moq.quantity) : '',
    moqUnit: profile.moq?.unit ?? 'piece',
    website: profile.website,
    name_zh: profile.name_zh,
    name_en: profile.name_en,
    title_zh: profile.title_zh,
    title_en: profile.title_en,
    phone: profile.phone,
    wechat: profile.wechat,
    whatsapp: profile.whatsapp,
  };
}

const TEXT_FIELDS = Object.keys(PROFILE_TEXT_MAX) as ProfileTextField[];

/**
 * What is wrong with the form, field by field (empty when it may be saved): the same rules the
 * server applies, so a refusal is shown before anything is sent.
 * @example profileProblems({ ...draft, website: 'javascript:alert(1)' }).website // { key: 'profile.error.website' }
 */
export function profileProblems(draft: ProfileDraft): ProfileProblems {
  const problems: ProfileProblems = {};
  for (const field of TEXT_FIELDS)
    if (!isProfileText(draft[field], PROFILE_TEXT_MAX[field]))
      problems[field] = { key: 'profile.error.text', params: { max: PROFILE_TEXT_MAX[field] } };
  if (!isWebsite(draft.website)) problems.website = { key: 'profile.error.website' };
  if (!isPhone(draft.phone)) problems.phone = { key: 'profile.error.phone' };
  if (!isPhone(draft.whatsapp)) problems.whatsapp = { key: 'profile.error.phone' };
  if (!isWechat(draft.wechat)) problems.wechat = { key: 'profile.error.wechat' };
  const quantity = draft.moqQuantity.trim();
  if (quantity && !isMoqQuantity(Number(quantity))) problems.moq = { key: 'profile.error.moq' };
  return problems;
}

/** The PUT /profile body for the form (check it with profileProblems first). */
export function saveRequestOf(draft: ProfileDraft): SaveProfileRequest {
  const quantity = draft.moqQuantity.trim();
  return {
    company_zh: draft.company_zh.trim(),
    company_en: draft.company_en.trim(),
    products: draft.products.map((p) => p.id),
    strengths: draft.strengths,
    certifications: draft.certifications,
    moq: quantity ? { quantity: Number(quantity), unit: draft.moqUnit } : null,
    website: draft.website.trim(),
    name_zh: draft.name_zh.trim(),
    name_en: draft.name_en.trim(),
    title_zh: draft.title_zh.trim(),
    title_en: draft.title_en.trim(),
    phone: draft.phone.trim(),
    wechat: draft.wechat.trim(),
    whatsapp: draft.whatsapp.trim(),
  };
}

/**
 * The products with one more, each once, at most MAX_PROFILE_PRODUCTS.
 * @example withProduct([cat], cat) // [cat]
 */
export function withProduct(products: readonly ProductName[], product: ProductName): ProductName[] {
  if (products.some((p) => p.id === product.id) || products.length >= MAX_PROFILE_PRODUCTS)
    return [...products];
  return [...products, product];
}

/**
 * A list with `value` added or taken out (checkbox groups).
 * @example toggled(['CE'], 'RoHS') // ['CE', 'RoHS']
 */
export function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
