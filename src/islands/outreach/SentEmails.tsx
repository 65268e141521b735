import { useEffect, useRef, useState } from 'react';
import type { OutreachStatus, SentEmail } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import * as api from '../../lib/api/calls.ts';
import { isPending, OUTREACH_STATUSES, SENT_POLL_MS } from '../../lib/outreach.ts';
import { ROUTES } from '../../../contract/routes.ts';
import '../account/account.css';
import '../leads/leads.css';
import './outreach.css';
import './sent.css';
import Pager from '../ui/Pager.tsx';
import SentRow from './SentRow.tsx';

const PAGE_SIZE = 20;

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
            <SentRow key={email.id} locale={locale} email={email} onChanged={() => void load(page, true)} />
          ))}
        </ul>
      )}
      <Pager locale={locale} page={page} pages={pages} onPage={(next) => void load(next)} />
    </div>
  );
}
