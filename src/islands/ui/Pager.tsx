import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';

/** Previous / "page X of Y" / next under a paged list; nothing when everything fits on one page. */
export default function Pager({
  locale,
  page,
  pages,
  onPage,
}: {
  locale: Locale;
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  const t = useTranslations(locale);
  if (pages <= 1) return null;
  return (
    <nav className="leads-pages" aria-label={t('leads.pages')}>
      <button type="button" className="link-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('leads.prev')}
      </button>
      <span>{t('leads.page', { page, pages })}</span>
      <button type="button" className="link-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('leads.next')}
      </button>
    </nav>
  );
}
