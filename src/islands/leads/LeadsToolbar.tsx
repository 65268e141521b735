import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { EXPORT_MAX_ROWS, type LeadStage } from '../../../contract/rules.ts';
import { StageOptions } from './Pipeline.tsx';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/index.ts';
import { counted } from '../../lib/format.ts';
import { listCsv } from '../../lib/csv.ts';
import { showToast } from '../../lib/toast.ts';
import {
  $leadsList,
  addTag,
  changeStage,
  rowsToExport,
  setView,
  unsaveSelected,
} from '../../lib/stores/leadsList.ts';

/** The count, the view switch, bulk stage / tag / unsave of the selected rows, and the export. */
export default function LeadsToolbar({ t, locale }: { t: Translate; locale: Locale }) {
  const { kind, total, selected, view, items, facets } = useStore($leadsList);
  const [tag, setTag] = useState('');
  const [exporting, setExporting] = useState(false);
  const count = selected.length;
  const bulkTag = async (event: FormEvent) => {
    event.preventDefault();
    if (await addTag(selected, tag)) setTag('');
  };
  const exportCsv = async () => {
    setExporting(true);
    const rows = await rowsToExport();
    setExporting(false);
    if (!rows) return;
    if (rows.total > rows.items.length)
      showToast(t('leads.exportCapped', { limit: rows.limit, total: rows.total }), { kind: 'info' });
    const blob = new Blob([listCsv(rows.items, t, locale)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${kind === 'saved' ? 'saved-leads' : 'unlocked-leads'}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  // Tags need a saved lead: bulk tagging offers itself when every selected row is saved.
  const allSaved = (items ?? []).filter((l) => selected.includes(l.id)).every((l) => l.stage !== null);
  return (
    <div className="leads-actions">
      <span>{counted(t, 'leads.count', total, locale)}</span>
      <div className="leads-view" role="group" aria-label={t('leads.view')}>
        {(['cards', 'table'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className="button button--quiet"
            aria-pressed={view === v}
            onClick={() => setView(v)}
          >
            {t(v === 'cards' ? 'leads.viewCards' : 'leads.viewTable')}
          </button>
        ))}
      </div>
      <label>
        <span className="visually-hidden">{t('leads.bulkStage')}</span>
        <select
          value=""
          disabled={count === 0}
          onChange={(e) => {
            if (e.target.value) void changeStage(selected, e.target.value as LeadStage);
          }}
        >
          <option value="">{t('leads.bulkStage')}</option>
          <StageOptions t={t} />
        </select>
      </label>
      <form className="leads-bulk-tag" onSubmit={(e) => void bulkTag(e)}>
        <input
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          placeholder={t('leads.bulkTag')}
          aria-label={t('leads.bulkTag')}
          disabled={count === 0 || !allSaved}
          list="leads-tag-list"
          maxLength={40}
          size={12}
        />
        <datalist id="leads-tag-list">
          {facets.tags.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button
          type="submit"
          className="button button--quiet"
          disabled={count === 0 || !allSaved || !tag.trim()}
        >
          {t('leads.bulkTagButton')}
        </button>
      </form>
      {kind === 'saved' && (
        <button
          type="button"
          className="button button--quiet"
          disabled={count === 0}
          onClick={() => void unsaveSelected()}
        >
          {t('leads.unsaveSelected', { count })}
        </button>
      )}
      <button
        type="button"
        className="button button--quiet"
        disabled={!items?.length || exporting}
        title={t('leads.exportLimit', { limit: EXPORT_MAX_ROWS })}
        onClick={() => void exportCsv()}
      >
        {count ? t('leads.exportSelected', { count }) : t('leads.exportAll')}
      </button>
      {!count && total > EXPORT_MAX_ROWS && (
        <small>{t('leads.exportLimit', { limit: EXPORT_MAX_ROWS })}</small>
      )}
    </div>
  );
}
