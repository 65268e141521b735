import type { LeadView } from '../../contract/api.ts';
import { LEAD_COMPANY_TYPES } from '../../contract/companies.ts';
import type { Translate, UIKey } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { roleLabel } from './format.ts';

/** A lead's texts: its country's flag, its kind of company and why it matched its search. */

/** A country code as its flag emoji (regional indicator letters); '' for anything else. */
export function flag(code: string): string {
  return /^[A-Z]{2}$/.test(code)
    ? String.fromCodePoint(...[...code].map((c) => 0x1f1a5 + c.charCodeAt(0)))
    : '';
}

const KINDS = new Set<string>(LEAD_COMPANY_TYPES);

/**
 * A lead's kind of company in the page's language (进口商, Distributor…), or null when unknown
 * ('') or a kind this page does not know yet.
 */
export function companyTypeLabel(t: Translate, type: string): string | null {
  return KINDS.has(type) ? t(`chat.type.${type}` as UIKey) : null;
}

/**
 * Why a lead matched its search, in the page's language: the products of its that carry the asked
 * ones, its country, its role and each asked condition it meets (with its own phone, email, kind
 * or size). A part with nothing to name is left out: saved leads listed outside a search name no
 * products.
 * @example matchReasons(t, lead, 'zh') // '匹配理由：产品 LED灯带；国家 德国；角色 买家；有电话'
 */
export function matchReasons(t: Translate, lead: LeadView, locale: Locale): string {
  const { why } = lead;
  const parts: string[] = [];
  if (why.products.length)
    parts.push(t('chat.whyProducts', { products: why.products.join(locale === 'zh' ? '、' : ', ') }));
  if (why.country) parts.push(t('chat.whyCountry', { country: why.country }));
  parts.push(t('chat.whyRole', { role: roleLabel(t, why.role) }));
  for (const key of why.conditions) {
    const type = key === 'company_type' && companyTypeLabel(t, lead.company_type);
    const label =
      key === 'phone'
        ? t('chat.whyPhone')
        : key === 'email'
          ? t('chat.whyEmail')
          : type
            ? t('chat.whyType', { type })
            : key === 'employees' && lead.size
              ? t('chat.whySize', { size: t('chat.size', { size: lead.size }) })
              : null;
    if (label) parts.push(label);
  }
  return t('chat.why', { reasons: parts.join(locale === 'zh' ? '；' : '; ') });
}
