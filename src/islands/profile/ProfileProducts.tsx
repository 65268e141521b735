import { useId, useMemo, useState } from 'react';
import type { ProductName } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { debounceAction } from '../../lib/debounce.ts';
import { addProduct, removeProduct, suggestProducts } from '../../lib/stores/profile.ts';
import { SourceList } from './ProfileFields.tsx';

/** A product's name in the page's language, with the other language beside it. */
export const productLabel = (p: ProductName, locale: Locale) =>
  locale === 'zh' ? `${p.zh}（${p.en}）` : `${p.en} (${p.zh})`;

/**
 * The profile's products: each with a remove button, and "add a product": what is typed is looked
 * up in the product taxonomy (the same names search understands), and a match is added with a click.
 */
export default function ProfileProducts({
  locale,
  products,
  suggestions,
  fromFiles,
  sources,
}: {
  locale: Locale;
  products: ProductName[];
  suggestions: ProductName[] | null;
  fromFiles: boolean;
  /** The line of the files each product was read in. */
  sources: Record<string, string>;
}) {
  const t = useTranslations(locale);
  const id = useId();
  const [typed, setTyped] = useState('');
  const lookUp = useMemo(() => debounceAction((q: string) => void suggestProducts(q)), []);
  const choices = (suggestions ?? []).filter((s) => !products.some((p) => p.id === s.id));
  return (
    <fieldset className="profile-group" aria-describedby={`${id}-hint`}>
      <legend>
        {t('profile.products')}
        {fromFiles && <span className="profile-from-files">{t('profile.fromFiles')}</span>}
      </legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('profile.productsHint')}
      </p>
      {products.length === 0 ? (
        <p>{t('profile.noProducts')}</p>
      ) : (
        <ul className="profile-chips">
          {products.map((p) => (
            <li key={p.id} className="profile-chip">
              <span>{productLabel(p, locale)}</span>
              <button
                type="button"
                className="profile-chip-remove"
                aria-label={t('profile.remove', { name: locale === 'zh' ? p.zh : p.en })}
                onClick={() => removeProduct(p.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <SourceList
        locale={locale}
        items={products.map((p) => ({ key: p.id, label: productLabel(p, locale), line: sources[p.id] }))}
      />
      <div className="field">
        <label htmlFor={`${id}-add`}>{t('profile.addProduct')}</label>
        <input
          id={`${id}-add`}
          type="search"
          value={typed}
          maxLength={80}
          autoComplete="off"
          aria-describedby={`${id}-add-hint`}
          onChange={(event) => {
            setTyped(event.target.value);
            lookUp(event.target.value);
          }}
        />
        <p id={`${id}-add-hint`} className="field-hint">
          {t('profile.addProductHint')}
        </p>
      </div>
      {typed.trim() && suggestions !== null && (
        <div role="group" aria-label={t('profile.suggestions')}>
          {choices.length === 0 ? (
            <p role="status">{t('profile.noSuggestion')}</p>
          ) : (
            <ul className="profile-suggestions">
              {choices.map((p) => (
                <li key={p.id}>
                  <button type="button" className="button button--quiet" onClick={() => addProduct(p)}>
                    {t('profile.add', { name: productLabel(p, locale) })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
