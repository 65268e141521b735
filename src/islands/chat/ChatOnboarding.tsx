import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { counted } from '../../lib/format.ts';
import { $companyInfo } from '../../lib/stores/session.ts';
import { openUpload } from '../upload/openUpload.ts';
import ExampleChips from './ExampleChips.tsx';

/**
 * The first day's path (issue 35), shown on an empty chat until the account has company files and
 * a first search: 1. the company profile, which every outreach email is written from; 2. a first
 * search from examples that find leads in our data (tests/api/search.test.ts holds them to it).
 */
export default function ChatOnboarding({ locale, examples }: { locale: Locale; examples: string[] }) {
  const t = useTranslations(locale);
  const files = useStore($companyInfo)?.files.length ?? 0;
  return (
    <section className="chat-onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">{t('onboarding.title')}</h2>
      <ol className="onboarding-steps">
        <li className={files > 0 ? 'onboarding-done' : undefined}>
          <h3>{t('onboarding.profileTitle')}</h3>
          <p>{t('onboarding.profileBody')}</p>
          {files > 0 ? (
            <p className="onboarding-status" role="status">
              {counted(t, 'onboarding.profileDone', files, locale)}{' '}
              <a href={localizedPath(ROUTES.profile, locale)}>{t('onboarding.profileCheck')}</a>
            </p>
          ) : (
            <p className="onboarding-actions">
              <button type="button" className="button" onClick={() => openUpload()}>
                {t('onboarding.profileUpload')}
              </button>
              <a href={localizedPath(ROUTES.profile, locale)}>{t('onboarding.profileByHand')}</a>
            </p>
          )}
        </li>
        <li>
          <h3>{t('onboarding.searchTitle')}</h3>
          <p>{t('onboarding.searchBody')}</p>
          <ExampleChips examples={examples} className="chat-example-list" />
        </li>
      </ol>
    </section>
  );
}
