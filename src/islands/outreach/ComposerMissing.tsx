import type { OutreachDraft } from '../../../contract/api.ts';
import { ROUTES } from '../../../contract/routes.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';

/** What the seller profile lacks for this email, in plain words, with the way to the profile page. */
export default function ComposerMissing({
  locale,
  missing,
}: {
  locale: Locale;
  missing: OutreachDraft['missing'];
}) {
  const t = useTranslations(locale);
  return (
    <div className="composer-missing">
      {missing.length > 0 && (
        <ul>
          {missing.map((what) => (
            <li key={what}>{t(`outreach.missing.${what}`)}</li>
          ))}
        </ul>
      )}
      <a href={localizedPath(ROUTES.profile, locale)}>{t('outreach.profileLink')}</a>
    </div>
  );
}
