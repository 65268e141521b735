import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { goBack } from '../../lib/navigation.ts';
import { ROUTES } from '../../../contract/routes.ts';

/** The back button of spec §2, shared by every island that shows one. */
export default function BackButton({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  return (
    <button
      type="button"
      className="back-button"
      onClick={() => goBack(window, localizedPath(ROUTES.home, locale))}
    >
      <span aria-hidden="true">←</span> {t('nav.back')}
    </button>
  );
}
