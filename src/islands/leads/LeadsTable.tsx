import { useStore } from '@nanostores/react';
import type { ListedLead } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/index.ts';
import { roleLabel } from '../../lib/format.ts';
import { $leadsList, sortBy, toggleAll, toggleSelected, type SortKey } from '../../lib/stores/leadsList.ts';
import { companyName } from '../../lib/leadText.ts';
import { StageSelect, Tags } from './Pipeline.tsx';

/** The dense view from 768 px: one line a lead, columns sortable by a click on their header (phones get the cards). */
export default function LeadsTable({
  t,
  locale,
  items,
}: {
  t: Translate;
  locale: Locale;
  items: ListedLead[];
}) {
  const { kind, sort, dir, selected } = useStore($leadsList);
  const dates = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium' });
  const header = (key: SortKey, label: string) => {
    const active = sort === key;
    return (
      <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button type="button" className="leads-sort" onClick={() => void sortBy(key)}>
          {label}
          <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  };
  return (
    <div className="leads-table-wrap">
      <table className="leads-table" aria-label={t('leads.table')}>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('leads.selectAll')}
                checked={items.length > 0 && selected.length === items.length}
                onChange={toggleAll}
              />
            </th>
            {header('name', t('leads.col.name'))}
            {header('country', t('leads.col.country'))}
            {header('role', t('leads.col.role'))}
            {header('stage', t('leads.col.stage'))}
            <th scope="col">{t('leads.col.tags')}</th>
            <th scope="col">{t('leads.col.emails')}</th>
            {header('listed', t(kind === 'saved' ? 'leads.col.savedAt' : 'leads.col.unlockedAt'))}
          </tr>
        </thead>
        <tbody>
          {items.map((lead) => (
            <tr key={lead.id} className="leads-line">
              <td>
                <input
                  type="checkbox"
                  checked={selected.includes(lead.id)}
                  onChange={() => toggleSelected(lead.id)}
                  aria-label={t('leads.select', { name: companyName(lead.name) })}
                />
              </td>
              <th scope="row" className="leads-cell-name">
                {companyName(lead.name)}
              </th>
              <td>{lead.country.name}</td>
              <td>{roleLabel(t, lead.role)}</td>
              <td>
                <StageSelect lead={lead} t={t} />
              </td>
              <td>
                <Tags lead={lead} t={t} listId="leads-tag-list" />
              </td>
              <td className="mono">{lead.contacts?.emails[0]?.email ?? ''}</td>
              <td>{dates.format(new Date(lead.listed_at))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
