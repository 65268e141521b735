import { useEffect, useState } from 'react';
import type { LeadEmail, LeadView } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { emailCheckLabel, roleLabel, writtenIn } from '../../lib/format.ts';
import {
  companyName,
  companyTypeLabel,
  evidenceLine,
  signalsLine,
  flag,
  lockedLine,
  matchReasons,
  tradeLine,
  unlockLabel,
} from '../../lib/leadText.ts';
import { useTranslations, type Translate } from '../../i18n/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import * as api from '../../lib/api/calls.ts';
import Memo from '../leads/Memo.tsx';

export interface LeadCardProps {
  locale: Locale;
  lead: LeadView;
  busy: boolean;
  onUnlock(): void;
  onToggleSave(): void;
  /** Replaces the lead after a change made inside the card (more emails, memo). */
  onChange(change: (lead: LeadView) => LeadView): void;
  /** Opens the outreach composer for an unlocked lead. */
  onWriteEmail?(): void;
}

/** One verify_media answer per link for the whole page. */
const checked = new Map<string, Promise<{ platform: string; valid: boolean } | null>>();
function checkMedia(url: string) {
  let answer = checked.get(url);
  if (!answer) {
    answer = api.verifyMedia({ url }, { toast: false }).catch(() => null);
    checked.set(url, answer);
  }
  return answer;
}

/** A social link, with its platform and whether its format checks out (spider/verify_media). */
function SocialLink({ url, platform, t }: { url: string; platform: string; t: Translate }) {
  const [check, setCheck] = useState<{ platform: string; valid: boolean } | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void checkMedia(url).then((result) => live && setCheck(result));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <li>
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">
        {check?.platform && check.platform !== 'unknown' ? check.platform : platform}
      </a>{' '}
      {check && (
        <span className={`email-status email-status--${check.valid ? 'valid' : 'invalid'}`}>
          {t(check.valid ? 'chat.mediaValid' : 'chat.mediaInvalid')}
        </span>
      )}{' '}
      <CopyButton value={url} t={t} />
    </li>
  );
}

function CopyButton({ value, t }: { value: string; t: Translate }) {
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => void copyText(value, t)}
      aria-label={`${t('invite.copy')} ${value}`}
    >
      {t('invite.copy')}
    </button>
  );
}

/** Revealed emails, phones and social links, each with a copy button. */
function ContactItems({
  emails,
  phones,
  socials,
  t,
}: {
  emails: LeadEmail[];
  phones: string[];
  socials: { platform: string; url: string }[];
  t: Translate;
}) {
  return (
    <>
      {emails.map((e) => (
        <li key={e.email}>
          <span className="mono">{e.email}</span>{' '}
          {emailCheckLabel(t, e.status) && (
            <span className={`email-status email-status--${e.status}`}>{emailCheckLabel(t, e.status)}</span>
          )}{' '}
          <CopyButton value={e.email} t={t} />
        </li>
      ))}
      {phones.map((p) => (
        <li key={p}>
          <span className="mono">{p}</span> <CopyButton value={p} t={t} />
        </li>
      ))}
      {socials.map((s) => (
        <SocialLink key={s.url} url={s.url} platform={s.platform} t={t} />
      ))}
    </>
  );
}

/** One lead: who, where, what, why it matched, and what is behind the lock until unlocked. Text only, never HTML. */
export default function LeadCard({
  locale,
  lead,
  busy,
  onUnlock,
  onToggleSave,
  onChange,
  onWriteEmail,
}: LeadCardProps) {
  const t = useTranslations(locale);
  const c = lead.contacts;
  const [delving, setDelving] = useState(false);
  const [noMore, setNoMore] = useState(false);
  const list = (items: string[]) => items.join(locale === 'zh' ? '、' : ', ');
  const type = companyTypeLabel(t, lead.company_type);
  const evidence = evidenceLine(t, lead, locale);
  const signals = signalsLine(t, lead, locale);
  const trade = tradeLine(t, lead, locale);
  const people = lead.people ?? [];
  // The company's own contacts: those no named person holds.
  const held = new Set(
    people.flatMap((p) => [...p.emails.map((e) => e.email), ...p.phones, ...p.socials.map((x) => x.url)]),
  );
  const company = {
    emails: c?.emails.filter((e) => !held.has(e.email)) ?? [],
    phones: c?.phones.filter((p) => !held.has(p)) ?? [],
    socials: c?.socials.filter((x) => !held.has(x.url)) ?? [],
  };

  const findMore = async () => {
    if (!c || delving) return;
    setDelving(true);
    try {
      const { emails } = await api.getDelveEmail({ lead_id: lead.id });
      const known = new Set(c.emails.map((e) => e.email));
      const fresh = emails.filter((e) => !known.has(e.email));
      if (fresh.length === 0) setNoMore(true);
      else
        onChange((l) =>
          l.contacts ? { ...l, contacts: { ...l.contacts, emails: [...l.contacts.emails, ...fresh] } } : l,
        );
    } catch {
      // The client has shown the server's message.
    } finally {
      setDelving(false);
    }
  };

  return (
    <article className="lead-card" aria-labelledby={`lead-${lead.id}`}>
      <header className="lead-head">
        <h3 id={`lead-${lead.id}`}>{companyName(lead.name)}</h3>
        <button type="button" className="link-button" aria-pressed={lead.collected} onClick={onToggleSave}>
          {lead.collected ? t('chat.saved') : t('chat.save')}
        </button>
      </header>
      <p className="lead-meta">
        <span aria-hidden="true">{flag(lead.country.code)}</span> {lead.country.name}
        {lead.city && ` · ${lead.city}`} · {roleLabel(t, lead.role)}
        {type && ` · ${type}`}
        {lead.size && ` · ${t('chat.size', { size: lead.size })}`}
        {lead.founded_year && ` · ${t('chat.founded', { year: lead.founded_year })}`}
      </p>
      <p className="lead-products">{list(lead.products)}</p>
      {lead.description && <p className="lead-description">{lead.description}</p>}
      {lead.website && (
        <p>
          <a href={lead.website} target="_blank" rel="noopener noreferrer nofollow">
            {lead.website.replace(/^https?:\/\//, '')}
          </a>
        </p>
      )}
      <p className="lead-why">{matchReasons(t, lead, locale)}</p>
      {evidence && (
        <p className={`lead-evidence${lead.why.evidence ? '' : ' muted'}`}>
          {evidence}
          {lead.why.evidence && (
            <span className="muted">
              {' '}
              · {t('chat.evidenceSource', { sources: list(lead.why.evidence.sources) })}
            </span>
          )}
        </p>
      )}
      {signals && <p className="lead-signals">{signals}</p>}
      {trade && <p className="lead-trade">{trade}</p>}
      {c ? (
        <div className="lead-contacts">
          {people.length > 0 && (
            <>
              <h4>{t('chat.people')}</h4>
              <ul className="lead-people">
                {people.map((person) => (
                  <li key={person.id}>
                    <p className="lead-person">
                      <strong lang={writtenIn(person.name)}>{person.name}</strong>
                      {person.title && (
                        <>
                          {' · '}
                          <span lang={writtenIn(person.title)}>{person.title}</span>
                        </>
                      )}{' '}
                      · {t(`chat.department.${person.department}`)}
                    </p>
                    {person.emails.length + person.phones.length + person.socials.length ? (
                      <ul>
                        <ContactItems
                          emails={person.emails}
                          phones={person.phones}
                          socials={person.socials}
                          t={t}
                        />
                      </ul>
                    ) : (
                      <p className="muted">{t('chat.personNoContact')}</p>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {company.emails.length + company.phones.length + company.socials.length > 0 && (
            <>
              {people.length > 0 && <h4>{t('chat.companyContacts')}</h4>}
              <ul>
                <ContactItems
                  emails={company.emails}
                  phones={company.phones}
                  socials={company.socials}
                  t={t}
                />
              </ul>
            </>
          )}
          {c.emails.length + c.phones.length + c.socials.length === 0 && <p>{t('chat.noContacts')}</p>}
          <p className="lead-actions">
            {c.emails.length > 0 && onWriteEmail && (
              <button type="button" className="button" onClick={onWriteEmail}>
                {t('chat.writeEmail')}
              </button>
            )}
            {noMore ? (
              <span className="muted" role="status">
                {t('chat.noMoreEmails')}
              </span>
            ) : (
              <button
                type="button"
                className="button button--quiet"
                onClick={() => void findMore()}
                disabled={delving}
                aria-busy={delving}
              >
                {t('chat.findMoreEmails')}
              </button>
            )}
          </p>
        </div>
      ) : (
        <p className="lead-lock">
          <span>{lockedLine(t, lead, locale)}</span>
          <button type="button" className="button" onClick={onUnlock} disabled={busy} aria-busy={busy}>
            {unlockLabel(t, lead, locale)}
          </button>
        </p>
      )}
      {lead.collected && (
        <Memo locale={locale} lead={lead} onSaved={(memo) => onChange((l) => ({ ...l, memo }))} />
      )}
    </article>
  );
}
