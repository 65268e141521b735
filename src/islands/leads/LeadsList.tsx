import { useEffect, useState, type FormEvent } from 'react';
import type { LeadView } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { counted, roleLabel } from '../../lib/format.ts';
import { flag } from '../../lib/leadText.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { leadsCsv } from '../../lib/csv.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';
import { openEmailComposer } from '../../lib/stores/outreach.ts';
import '../account/account.css';
import Memo from './Memo.tsx';
import Pager from '../ui/Pager.tsx';
import './leads.css';

const PAGE_SIZE = 20;
type Kind = 'saved' | 'unlocked';
type Sort = 'newest' | 'oldest' | 'name' | 'country';

/** Saved leads or unlocked leads: search, filters, pages, bulk unsave, CSV export of the selection. */
export default function LeadsList({ locale, kind }: { locale: Locale; kind: Kind }) {
  const t = useTranslations(locale);
  const [items, setItems] = useState<LeadView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [country, setCountry] = useState('');
  const [role, setRole] = useState<'' | 'buyer' | 'supplier'>('');
  const [sort, setSort] = useState<Sort>('newest');
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const load = async (nextPage = page) => {
    const query = {
      page: nextPage,
      page_size: PAGE_SIZE,
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(country.length === 2 ? { country } : {}),
      ...(role ? { role } : {}),
      ...(sort !== 'newest' ? { sort } : {}),
    };
    const result = await (kind === 'saved' ? api.listCollects(query) : api.listUnlocked(query)).catch(
      () => null,
    );
    if (!result) return;
    setItems(result.items);
    setTotal(result.total);
    setPage(nextPage);
    setSelected(new Set());
  };
  useEffect(() => {
    void load(1);
    // Reload when a filter changes.
  }, [country, role, sort]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    void load(1);
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = (items ?? []).filter((lead) => selected.has(lead.id));
  const unsave = async () => {
    await api.uncollectLeads({ lead_ids: chosen.map((lead) => lead.id) });
    showToast(t('leads.unsaved', { count: chosen.length }), { kind: 'success' });
    await load(page);
  };
  const exportCsv = () => {
    const headers = [
      'name',
      'role',
      'country',
      'city',
      'website',
      'size',
      'products',
      'emails',
      'phones',
      'socials',
      'memo',
    ].map((key) => t(`leads.col.${key}` as 'leads.col.name'));
    const blob = new Blob([leadsCsv(chosen.length ? chosen : (items ?? []), headers, t)], {
      type: 'text/csv;charset=utf-8',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${kind === 'saved' ? 'saved-leads' : 'unlocked-leads'}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="leads">
      <form className="leads-filters" role="search" onSubmit={onSearch}>
        <label>
          <span className="visually-hidden">{t('leads.search')}</span>
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('leads.search')}
          />
        </label>
        <label>
          <span className="visually-hidden">{t('leads.country')}</span>
          <input
            value={country}
            onChange={(e) => setCountry(e.target.value.toUpperCase().slice(0, 2))}
            placeholder={t('leads.country')}
            maxLength={2}
            size={8}
          />
        </label>
        <label>
          <span className="visually-hidden">{t('leads.role')}</span>
          <select value={role} onChange={(e) => setRole(e.target.value as '' | 'buyer' | 'supplier')}>
            <option value="">{t('leads.anyRole')}</option>
            <option value="buyer">{t('chat.roleBuyer')}</option>
            <option value="supplier">{t('chat.roleSupplier')}</option>
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('leads.sort')}</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="newest">{t('leads.sortNewest')}</option>
            <option value="oldest">{t('leads.sortOldest')}</option>
            <option value="name">{t('leads.sortName')}</option>
            <option value="country">{t('leads.sortCountry')}</option>
          </select>
        </label>
        <button className="button" type="submit">
          {t('home.searchButton')}
        </button>
      </form>
      <div className="leads-actions">
        <span>{counted(t, 'leads.count', total, locale)}</span>
        {kind === 'saved' && (
          <button
            type="button"
            className="button button--quiet"
            disabled={chosen.length === 0}
            onClick={() => void unsave()}
          >
            {t('leads.unsaveSelected', { count: chosen.length })}
          </button>
        )}
        <button type="button" className="button button--quiet" disabled={!items?.length} onClick={exportCsv}>
          {chosen.length ? t('leads.exportSelected', { count: chosen.length }) : t('leads.exportPage')}
        </button>
      </div>
      {items === null ? (
        <p>{t('page.loading')}</p>
      ) : items.length === 0 ? (
        <div className="leads-empty">
          <p>{t(kind === 'saved' ? 'leads.emptySaved' : 'leads.emptyUnlocked')}</p>
          <a className="button" href={localizedPath(ROUTES.chat, locale)}>
            {t('notFound.search')}
          </a>
        </div>
      ) : (
        <ul className="leads-rows">
          {items.map((lead) => (
            <li key={lead.id} className="leads-row">
              <input
                type="checkbox"
                checked={selected.has(lead.id)}
                onChange={() => toggle(lead.id)}
                aria-label={t('leads.select', { name: lead.name })}
              />
              <div className="leads-main">
                <h2 className="leads-name">{lead.name}</h2>
                <p className="lead-meta">
                  <span aria-hidden="true">{flag(lead.country.code)}</span> {lead.country.name}
                  {lead.city && ` · ${lead.city}`} · {roleLabel(t, lead.role)}
                </p>
                <p className="lead-products">{lead.products.join(locale === 'zh' ? '、' : ', ')}</p>
                {lead.contacts && (
                  <p className="mono leads-emails">{lead.contacts.emails.map((e) => e.email).join(', ')}</p>
                )}
                {lead.unlocked && (
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => openEmailComposer(lead)}
                  >
                    {t('chat.writeEmail')}
                  </button>
                )}
                {kind === 'saved' && <Memo locale={locale} lead={lead} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager locale={locale} page={page} pages={pages} onPage={(next) => void load(next)} />
    </div>
  );
}
