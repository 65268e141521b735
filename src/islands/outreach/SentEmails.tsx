import { useEffect, useId, useRef, useState } from 'react';
import type { OutreachStatus, SentEmail } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import * as api from '../../lib/api/calls.ts';
import { useDateTime } from '../ui/useDateTime.ts';
import { isPending, OUTREACH_STATUSES, SENT_POLL_MS } from '../../lib/outreach.ts';
import { ROUTES } from '../../../contract/routes.ts';
import '../account/account.css';
import '../leads/leads.css';
import './outreach.css';
import './sent.css';
import Pager from '../ui/Pager.tsx';

const PAGE_SIZE = 20;

/** A status as its localized badge. */
function StatusBadge({ locale, status }: { locale: Locale; status: OutreachStatus }) {
  const t = useTranslations(locale);
  return <span className={`sent-status sent-status--${status}`}>{t(`sent.status.${status}` as UIKey)}</span>;
}

/** One sent email: a summary line, and the full email (as text, never HTML) when opened. */
function SentRow({ locale, email }: { locale: Locale; email: SentEmail }) {
  const formatDateTime = useDateTime();
  const t = useTranslations(locale);
  const id = useId();
  const [open, setOpen] = useState(false);
  const subject = email.subject || t('sent.noSubject');
  return (
    <li className="sent-row">
      <div className="sent-head">
        <h2 className="sent-subject">
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={`${id}-detail`}
            onClick={() => setOpen(!open)}
          >
            {subject}
          </button>
        </h2>
        <StatusBadge locale={locale} status={email.status} />
      </div>
      <p className="sent-meta">
        <span>
          {t('sent.to')}: <span className="mono">{email.to}</span>
        </span>
        <span>
          {t('sent.lead')}: {email.lead_name}
        </span>
        <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time>
      </p>
      {email.error && !open && <p className="sent-error">{email.error}</p>}
      <div id={`${id}-detail`} className="sent-detail" hidden={!open}>
        {open && (
          <>
            <dl>
              <dt>{t('sent.subject')}</dt>
              <dd>{subject}</dd>
              <dt>{t('sent.to')}</dt>
              <dd className="mono">{email.to}</dd>
              <dt>{t('sent.lead')}</dt>
              <dd>{email.lead_name}</dd>
              <dt>{t('sent.status')}</dt>
              <dd>
                <StatusBadge locale={locale} status={email.status} />
              </dd>
              <dt>{t('sent.createdAt')}</dt>
              <dd>{formatDateTime(email.created_at)}</dd>
              {email.sent_at && (
                <>
                  <dt>{t('sent.sentAt')}</dt>
                  <dd>{formatDateTime(email.sent_at)}</dd>
                </>
              )}
              {email.error && (
                <>
                  <dt>{t('sent.error')}</dt>
                  <dd className="sent-error">{email.error}</dd>
                </>
              )}
            </dl>
            <h3>{t('sent.body')}</h3>
            <p className="sent-body" lang={email.language === 'zh' ? 'zh-CN' : 'en'}>
              {email.body}
            </p>
          </>
        )}
      </div>
    </li>
  );
}

/** The Sent emails page: newest first, status filter, pages, polling while any shown email is in flight. */
export default function SentEmails({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [items, setItems] = useState<SentEmail[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutreachStatus | ''>('');
  const latest = useRef(0);

  const load = async (nextPage: number, quiet = false) => {
    const call = ++latest.current;
    const result = await api
      .listSentEmails(
        { page: nextPage, page_size: PAGE_SIZE, ...(status ? { status } : {}) },
        { toast: !quiet },
      )
      .catch(() => null);
    // A newer load (another page or filter) wins over a slower older one.
    if (!result || call !== latest.current) return;
    setItems(result.items);
    setTotal(result.total);
    setPage(nextPage);
  };
  useEffect(() => {
    void load(1);
    // Reload from page 1 when the filter changes.
  }, [status]);

  // The worker moves emails queued → sending → sent|failed: look again until none is in flight.
  const inFlight = items?.some((email) => isPending(email.status)) ?? false;
  useEffect(() => {
    if (!inFlight) return;
    const timer = setTimeout(() => void load(page, true), SENT_POLL_MS);
    return () => clearTimeout(timer);
  }, [items, inFlight, page]);

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="leads sent">
      <div className="leads-filters">
        <label>
          <span className="visually-hidden">{t('sent.filter')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as OutreachStatus | '')}>
            <option value="">{t('sent.anyStatus')}</option>
            {OUTREACH_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`sent.status.${s}` as UIKey)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="leads-actions">
        <span>{t('sent.count', { count: total })}</span>
        {inFlight && <span className="sent-updating">{t('sent.updating')}</span>}
      </div>
      {items === null ? (
        <p>{t('page.loading')}</p>
      ) : items.length === 0 ? (
        <div className="leads-empty">
          {status ? (
            <p>{t('sent.emptyFiltered')}</p>
          ) : (
            <>
              <p>{t('sent.empty')}</p>
              <a className="button" href={localizedPath(ROUTES.chat, locale)}>
                {t('notFound.search')}
              </a>
            </>
          )}
        </div>
      ) : (
        <ul className="leads-rows">
          {items.map((email) => (
            <SentRow key={email.id} locale={locale} email={email} />
          ))}
        </ul>
      )}
      <Pager locale={locale} page={page} pages={pages} onPage={(next) => void load(next)} />
    </div>
  );
}
