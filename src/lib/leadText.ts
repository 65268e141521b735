import type { LeadView } from '../../contract/api.ts';
import { LEAD_COMPANY_TYPES } from '../../contract/companies.ts';
import type { Translate, UIKey } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { UNLOCK_COST } from './constants.ts';
import { counted, pluralForm, roleLabel } from './format.ts';

/** A lead's texts: its country's flag, its kind of company and why it matched its search. */

/**
 * Names joined as a sentence joins them (Intl.ListFormat): "中国、越南和马来西亚", "China, Vietnam,
 * and Malaysia"; one name as it is.
 * @example inSentence(['China', 'Vietnam'], 'en') // 'China and Vietnam'
 */
export function inSentence(names: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { type: 'conjunction' }).format(names);
}

/**
 * Countries whose English name takes "the" in a sentence ("from the United States"): the plural
 * names, the unions and republics named as such, and the island groups.
 */
const WITH_THE = new Set(
  'US GB AE NL PH CZ DO CF BS GM MV KM MH SB KY VG VI FO FK TC CK VA CD CG'.split(' '),
);

/**
 * A country as an English sentence names it: "the United States", "the Netherlands", "Germany".
 * Chinese names take no article.
 * @example countryInSentence({ code: 'US', name: 'United States' }, 'en') // 'the United States'
 */
export function countryInSentence(country: { code: string; name: string }, locale: Locale): string {
  return locale === 'en' && WITH_THE.has(country.code) && !/^the /i.test(country.name)
    ? `the ${country.name}`
    : country.name;
}

/** Legal forms and short words written their own way when a name in capitals is title-cased. */
const KEEP_AS = new Map(
  'GmbH mbH AG KG OHG SE UG LLC LLP LP PLC Inc Ltd Co Corp SA SAS SARL SRL SpA SL SLU BV NV AB AS ASA ApS Oy Oyj Kft Pte Pty Pvt Sdn Bhd Tbk PT CV JSC PJSC OOO FZE FZCO FZC DMCC WLL KK LED EV HVAC USA UK UAE EU IT PVC'
    .split(' ')
    .map((word) => [word.toUpperCase(), word]),
);
const SMALL = new Set('AND OF THE DE DEL DA DI DO DU LA LE Y E UND VAN VON'.split(' '));

/**
 * A company name as a card shows it: as stored, but a name written all in capitals (customs and
 * bill-of-lading records write them so) in title case, legal forms kept ("TAVENTO WORKS AG" →
 * "Tavento Works AG"). Single letters stay capitals ("S.A."), words with digits as they are.
 * @example companyName('NINGBO EXAMPLE LIGHTING CO., LTD.') // 'Ningbo Example Lighting Co., Ltd.'
 */
export function companyName(name: string): string {
  if (/\p{Ll}/u.test(name) || (name.match(/\p{Lu}/gu)?.length ?? 0) < 2) return name;
  let first = true;
  return name.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const wasFirst = first;
    first = false;
    if (word.length === 1 || /\p{N}/u.test(word)) return word;
    const kept = KEEP_AS.get(word);
    if (kept) return kept;
    if (!wasFirst && SMALL.has(word)) return word.toLowerCase();
    return word.charAt(0) + word.slice(1).toLowerCase();
  });
}

/**
 * What unlocking a lead costs: nothing when no email, phone or social profile is behind the lock
 * (the server charges nothing then, and only the names of its people are shown), else UNLOCK_COST.
 */
export function unlockCost(lead: Pick<LeadView, 'locked'>): number {
  const { emails, phones, socials } = lead.locked;
  return emails + phones + socials > 0 ? UNLOCK_COST : 0;
}

/**
 * The unlock button's text: free when it costs nothing, else its cost in the locale's unit.
 * @example unlockLabel(t, lead, 'en') // 'Unlock (costs 1)'
 */
export function unlockLabel(t: Translate, lead: Pick<LeadView, 'locked'>, locale: Locale): string {
  const cost = unlockCost(lead);
  return cost === 0 ? t('chat.unlockFree') : counted(t, 'chat.unlock', cost, locale);
}

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
 * ones (or, for a labelled broader set, that it is not a match and carries the broader ones), its country, its role and each asked condition it meets (with its own phone, email, kind
 * or size). A part with nothing to name is left out: saved leads listed outside a search name no
 * products.
 * @example matchReasons(t, lead, 'zh') // '匹配理由：产品 LED灯带；国家 德国；角色 买家；有电话'
 */
export function matchReasons(t: Translate, lead: LeadView, locale: Locale): string {
  const { why } = lead;
  const parts: string[] = [];
  if (why.products.length)
    parts.push(
      t(why.broader ? 'chat.whyBroader' : 'chat.whyProducts', {
        products: why.products.join(locale === 'zh' ? '、' : ', '),
      }),
    );
  if (why.country) parts.push(t('chat.whyCountry', { country: why.country }));
  parts.push(t('chat.whyRole', { role: roleLabel(t, why.role) }));
  for (const key of why.conditions) {
    const type = key === 'company_type' && companyTypeLabel(t, lead.company_type);
    const label =
      key === 'company_type' && why.kind === 'records'
        ? t('chat.whyImporterByRecords')
        : key === 'phone'
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
  // Found among the other resellers, after the kinds asked.
  const other = why.kind === 'reseller' && companyTypeLabel(t, lead.company_type);
  if (other) parts.push(t('chat.whyOtherKind', { type: other }));
  return t('chat.why', { reasons: parts.join(locale === 'zh' ? '；' : '; ') });
}

const joined = (items: readonly string[], locale: Locale) => items.join(locale === 'zh' ? '、' : ', ');
const countries = (list: readonly { code: string; name: string }[], locale: Locale) =>
  inSentence(
    list.map((c) => countryInSentence(c, locale)),
    locale,
  );

/**
 * The buying signals of the records behind a search match (server/leads/evidence.ts
 * `buyingSignals`), in the page's language; null when there are none.
 * @example signalsLine(t, lead, 'en') // 'Buying signals: growing (7 shipments in the last 6 months, 3 in the 6 before); now also from Vietnam; a new supplier in the last 6 months'
 */
export function signalsLine(t: Translate, lead: LeadView, locale: Locale): string | null {
  const signals = lead.why.evidence?.signals;
  if (!signals) return null;
  const parts: string[] = [];
  if (signals.growing)
    parts.push(t('chat.signalGrowing', { last: signals.growing.last_6m, before: signals.growing.before_6m }));
  if (signals.new_origins.length)
    parts.push(t('chat.signalNewOrigins', { countries: countries(signals.new_origins, locale) }));
  if (signals.new_supplier) parts.push(t('chat.signalNewSupplier'));
  return parts.length ? t('chat.signals', { parts: parts.join(locale === 'zh' ? '；' : '; ') }) : null;
}

/**
 * What is behind a lead's lock, in the page's language: its named people with their departments,
 * then emails, phones and social profiles. Names and addresses are never part of it.
 * @example lockedLine(t, lead, 'en') // 'Behind the lock: 2 people (purchasing, management), 3 emails, 1 phone, 0 social profiles'
 * @example lockedLine(t, freeLead, 'en') // 'Behind the lock: 1 person (purchasing), no email, phone or social profile: unlocking is free'
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
  if (unlockCost(lead) === 0) items.push(t('chat.lockedNoContacts'));
  else
    items.push(
      counted(t, 'chat.lockedEmails', locked.emails, locale),
      counted(t, 'chat.lockedPhones', locked.phones, locale),
      counted(t, 'chat.lockedSocials', locked.socials, locale),
    );
  return t('chat.behindLock', { items: joined(items, locale) });
}

/**
 * A lead's import records in short, or null when it has none.
 * @example tradeLine(t, lead, 'en') // 'Import records: 12 shipments in the last 12 months; 30 on record; latest 2026-09-14; HS 9405.11 LED panel lights; from China and Vietnam'
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
    t('chat.tradeOrigins', { countries: countries(trade.origins, locale) }),
  ];
  return t('chat.trade', { parts: parts.join(locale === 'zh' ? '；' : '; ') });
}

/**
 * The shipment records behind a search match, or plainly that the match rests on the company's
 * product description; null outside a search (no asked products).
 * @example evidenceLine(t, lead, 'en') // '12 shipments of LED panel lights (HS 9405.11) from China and Vietnam in the last 12 months, latest 2026-09-14'
 */
export function evidenceLine(t: Translate, lead: LeadView, locale: Locale): string | null {
  if (lead.why.products.length === 0) return null;
  const evidence = lead.why.evidence;
  if (!evidence) return t('chat.evidenceNone');
  const params = {
    products: inSentence(evidence.products, locale),
    hs: joined(evidence.hs_codes, locale),
    origins: countries(evidence.origins, locale),
    latest: evidence.latest,
    count: evidence.shipments_12m,
  };
  return evidence.shipments_12m > 0
    ? t(`chat.evidence.${pluralForm(evidence.shipments_12m, locale)}` as UIKey, params)
    : t('chat.evidenceOld', params);
}
