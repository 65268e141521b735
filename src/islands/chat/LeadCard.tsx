import type { LeadView } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { UNLOCK_COST } from '../../lib/constants.ts';
import { copyText } from '../../lib/clipboard.ts';

/** A country code as its flag emoji (regional indicator letters). */
export function flag(code: string): string {
  return /^[A-Z]{2}$/.test(code)
    ? String.fromCodePoint(...[...code].map((c) => 0x1f1a5 + c.charCodeAt(0)))
    : '';
}

export interface LeadCardProps {
  locale: Locale;
  lead: LeadView;
  busy: boolean;
  onUnlock(): void;
  onToggleSave(): void;
}

/** One lead: who, where, what, why it matched, and what is behind the lock until unlocked. Text only, never HTML. */
export default function LeadCard({ locale, lead, busy, onUnlock, onToggleSave }: LeadCardProps) {
  const t = useTranslations(locale);
  const c = lead.contacts;
  return (
    <article className="lead-card" aria-labelledby={`lead-${lead.id}`}>
      <header className="lead-head">
        <h3 id={`lead-${lead.id}`}>{lead.name}</h3>
        <button type="button" className="link-button" aria-pressed={lead.collected} onClick={onToggleSave}>
          {lead.collected ? t('chat.saved') : t('chat.save')}
        </button>
      </header>
      <p className="lead-meta">
        <span aria-hidden="true">{flag(lead.country.code)}</span> {lead.country.name}
        {lead.city && ` · ${lead.city}`} · {t(lead.role === 'buyer' ? 'chat.roleBuyer' : 'chat.roleSupplier')}
        {lead.size && ` · ${t('chat.size', { size: lead.size })}`}
      </p>
      <p className="lead-products">{lead.products.join(locale === 'zh' ? '、' : ', ')}</p>
      {lead.description && <p className="lead-description">{lead.description}</p>}
      {lead.website && (
        <p>
          <a href={lead.website} target="_blank" rel="noopener noreferrer nofollow">
            {lead.website.replace(/^https?:\/\//, '')}
          </a>
        </p>
      )}
      <p className="lead-why">
        {t('chat.why', {
          products: lead.why.products.join(locale === 'zh' ? '、' : ', ') || '—',
          country: lead.why.country ?? '—',
          role: t(lead.why.role === 'buyer' ? 'chat.roleBuyer' : 'chat.roleSupplier'),
        })}
      </p>
      {c ? (
        <div className="lead-contacts">
          <ul>
            {c.emails.map((e) => (
              <li key={e.email}>
                <span className="mono">{e.email}</span>{' '}
                <span className={`email-status email-status--${e.status}`}>
                  {t(`chat.status.${e.status}` as 'chat.status.valid')}
                </span>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void copyText(e.email, t)}
                  aria-label={`${t('invite.copy')} ${e.email}`}
                >
                  {t('invite.copy')}
                </button>
              </li>
            ))}
            {c.phones.map((p) => (
              <li key={p}>
                <span className="mono">{p}</span>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void copyText(p, t)}
                  aria-label={`${t('invite.copy')} ${p}`}
                >
                  {t('invite.copy')}
                </button>
              </li>
            ))}
            {c.socials.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noopener noreferrer nofollow">
                  {s.platform}
                </a>
              </li>
            ))}
          </ul>
          {c.emails.length + c.phones.length + c.socials.length === 0 && <p>{t('chat.noContacts')}</p>}
        </div>
      ) : (
        <p className="lead-lock">
          <span>
            {t('chat.behindLock', {
              emails: lead.locked.emails,
              phones: lead.locked.phones,
              socials: lead.locked.socials,
            })}
          </span>
          <button type="button" className="button" onClick={onUnlock} disabled={busy} aria-busy={busy}>
            {t('chat.unlock', { cost: UNLOCK_COST })}
          </button>
        </p>
      )}
    </article>
  );
}
