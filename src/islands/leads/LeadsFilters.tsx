import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { StageOptions } from './Pipeline.tsx';
import type { Translate } from '../../i18n/index.ts';
import {
  $leadsList,
  applyFilters,
  clearFilters,
  hasFilters,
  setFilter,
  sortBy,
  type Filters,
  type SortKey,
} from '../../lib/stores/leadsList.ts';

type SortValue = 'newest' | 'oldest' | 'name' | 'country' | 'role' | 'stage';

/** Text, country (a name or code in either language, offered in the page's language), role, stage, tag, sort. */
export default function LeadsFilters({ t }: { t: Translate }) {
  const { filters, applied, facets, sort, dir } = useStore($leadsList);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void applyFilters();
  };
  // Pickers apply at once; typed fields on submit (Enter or the button).
  const pick = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilter(key, value);
    void applyFilters();
  };
  const sortValue: SortValue = sort === 'listed' ? (dir === 'asc' ? 'oldest' : 'newest') : sort;
  const onSort = (value: SortValue) =>
    void (value === 'newest'
      ? sortBy('listed', 'desc')
      : value === 'oldest'
        ? sortBy('listed', 'asc')
        : sortBy(value as SortKey, 'asc'));
  return (
    <form className="leads-filters" role="search" onSubmit={submit}>
      <label>
        <span className="visually-hidden">{t('leads.search')}</span>
        <input
          type="search"
          value={filters.q}
          onChange={(e) => setFilter('q', e.target.value)}
          placeholder={t('leads.search')}
        />
      </label>
      <label>
        <span className="visually-hidden">{t('leads.countryPick')}</span>
        <input
          list="leads-countries"
          value={filters.country}
          onChange={(e) => {
            const value = e.target.value;
            setFilter('country', value);
            // A name chosen from the list applies at once.
            if (facets.countries.some((c) => c.name === value)) void applyFilters();
          }}
          placeholder={t('leads.countryPick')}
          maxLength={60}
          size={14}
        />
        <datalist id="leads-countries">
          {facets.countries.map((c) => (
            <option key={c.code} value={c.name} label={c.code} />
          ))}
        </datalist>
      </label>
      <label>
        <span className="visually-hidden">{t('leads.role')}</span>
        <select value={filters.role} onChange={(e) => pick('role', e.target.value as Filters['role'])}>
          <option value="">{t('leads.anyRole')}</option>
          <option value="buyer">{t('chat.roleBuyer')}</option>
          <option value="supplier">{t('chat.roleSupplier')}</option>
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('leads.stage')}</span>
        <select value={filters.stage} onChange={(e) => pick('stage', e.target.value as Filters['stage'])}>
          <option value="">{t('leads.anyStage')}</option>
          <StageOptions t={t} />
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('leads.tag')}</span>
        <select value={filters.tag} onChange={(e) => pick('tag', e.target.value)}>
          <option value="">{t('leads.anyTag')}</option>
          {facets.tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('leads.sort')}</span>
        <select value={sortValue} onChange={(e) => onSort(e.target.value as SortValue)}>
          <option value="newest">{t('leads.sortNewest')}</option>
          <option value="oldest">{t('leads.sortOldest')}</option>
          <option value="name">{t('leads.sortName')}</option>
          <option value="country">{t('leads.sortCountry')}</option>
          <option value="role">{t('leads.sortRole')}</option>
          <option value="stage">{t('leads.sortStage')}</option>
        </select>
      </label>
      <button className="button" type="submit">
        {t('home.searchButton')}
      </button>
      {hasFilters(applied) && (
        <button className="button button--quiet" type="button" onClick={() => void clearFilters()}>
          {t('leads.clearFilters')}
        </button>
      )}
    </form>
  );
}
