import type { LeadView } from '../../contract/api.ts';
import { LEAD_COMPANY_TYPES } from '../../contract/companies.ts';
import type { Translate, UIKey } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { counted, pluralForm, roleLabel } from './format.ts';

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

const joined = (items: readonly string[], locale: Locale) => items.join(locale === 'zh' ? '、' : ', ');

/**
 * What is behind a lead's lock, in the page's language: its named people with their departments,
 * then emails, phones and social profiles. Names and addresses are never part of it.
 * @example lockedLine(t, lead, 'en') // 'Behind the lock: 2 people (purchasing, management), 3 emails, 1 phone, 0 social profiles'
 */
export function lockedLine(t: Translate, lead: LeadView, locale: Locale): string {
  const { locked } = lead;
  const items: string[] = [];
  if (locked.people > 0) {
    const people = counted(t, 'chat.lockedPeople', locked.people, locale);
    items.push(
      locked.departments.length
        ? t('chat.lockedWithDepartments', {
            people,
            departments: joined(
              locked.departments.map((d) => t(`chat.department.${d}`)),
              locale,
            ),
          })
        : people,
    );
  }
  items.push(
    counted(t, 'chat.lockedEmails', locked.emails, locale),
    counted(t, 'chat.lockedPhones', locked.phones, locale),
    counted(t, 'chat.lockedSocials', locked.socials, locale),
  );
  return t('chat.behindLock', { items: joined(items, locale) });
}

/**
 * A lead's import records in short, or null when it has none.
 * @example tradeLine(t, lead, 'en') // 'Import records: 12 shipments in the last 12 months; 30 on record; latest 2026-09-14; HS 9405.11 LED panel lights; from China, Vietnam'
 */
export function tradeLine(t: Translate, lead: LeadView, locale: Locale): string | null {
  const trade = lead.trade;
  if (!trade) return null;
  const parts = [
    counted(t, 'chat.tradeRecent', trade.shipments_12m, locale),
    counted(t, 'chat.tradeTotal', trade.shipments_total, locale),
    t('chat.tradeLatest', { date: trade.latest }),
    t('chat.tradeHs', {
      codes: joined(
        trade.hs_codes.map((hs) => (hs.product ? `${hs.code} ${hs.product}` : hs.code)),
        locale,
      ),
    }),
    t('chat.tradeOrigins', {
      countries: joined(
        trade.origins.map((o) => o.name),
        locale,
      ),
    }),
  ];
  return t('chat.trade', { parts: parts.join(locale === 'zh' ? '；' : '; ') });
}

/**
 * The shipment records behind a search match, or plainly that the match rests on the company's
 * product description; null outside a search (no asked products).
 * @example evidenceLine(t, lead, 'en') // '12 shipments of LED panel lights (HS 9405.11) from China, Vietnam in the last 12 months, latest 2026-09-14'
 */
export function evidenceLine(t: Translate, lead: LeadView, locale: Locale): string | null {
  if (lead.why.products.length === 0) return null;
  const evidence = lead.why.evidence;
  if (!evidence) return t('chat.evidenceNone');
  const params = {
    products: joined(evidence.products, locale),
    hs: joined(evidence.hs_codes, locale),
    origins: joined(
      evidence.origins.map((o) => o.name),
      locale,
    ),
    latest: evidence.latest,
    count: evidence.shipments_12m,
  };
  return evidence.shipments_12m > 0
    ? t(`chat.evidence.${pluralForm(evidence.shipments_12m, locale)}` as UIKey, params)
    : t('chat.evidenceOld', params);
}
