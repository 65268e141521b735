import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { DESKTOP_MIN_WIDTH } from '../../lib/constants.ts';
import {
  $leadsList,
  PAGE_SIZE,
  clearFilters,
  hasFilters,
  load,
  openList,
} from '../../lib/stores/leadsList.ts';
import { $windowWidth } from '../../lib/stores/device.ts';
import '../account/account.css';
import Pager from '../ui/Pager.tsx';
import LeadsFilters from './LeadsFilters.tsx';
import LeadsToolbar from './LeadsToolbar.tsx';
import LeadsTable from './LeadsTable.tsx';
import LeadCards from './LeadCards.tsx';
import './leads.css';

/**
 * Saved leads or unlocked leads as a working list (issue 16.3): filters, cards or a sortable table,
 * stages and tags, bulk changes, the export of every filtered row. State: src/lib/stores/leadsList.ts.
 */
export default function LeadsList({ locale, kind }: { locale: Locale; kind: 'saved' | 'unlocked' }) {
  const t = useTranslations(locale);
  const { items, total, page, view, applied } = useStore($leadsList);
  // Phones get the cards whichever view is remembered: a table row there broke a name over 8 lines.
  const wide = (useStore($windowWidth) ?? 0) >= DESKTOP_MIN_WIDTH;
  useEffect(() => {
    void openList(kind);
  }, [kind]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="leads">
      <LeadsFilters t={t} />
      <LeadsToolbar t={t} locale={locale} />
      {items === null ? (
        <p>{t('page.loading')}</p>
      ) : items.length === 0 ? (
        hasFilters(applied) ? (
          <div className="leads-empty">
            <p>{t('leads.noMatch')}</p>
            <button type="button" className="button" onClick={() => void clearFilters()}>
              {t('leads.clearFilters')}
            </button>
          </div>
        ) : (
          <div className="leads-empty">
            <p>{t(kind === 'saved' ? 'leads.emptySaved' : 'leads.emptyUnlocked')}</p>
            <a className="button" href={localizedPath(ROUTES.chat, locale)}>
              {t('notFound.search')}
            </a>
          </div>
        )
      ) : view === 'table' && wide ? (
        <LeadsTable t={t} locale={locale} items={items} />
      ) : (
        <LeadCards t={t} locale={locale} items={items} />
      )}
      <Pager locale={locale} page={page} pages={pages} onPage={(next) => void load(next)} />
    </div>
  );
}
