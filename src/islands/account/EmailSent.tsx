import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { pagePath, resetPasswordPath, verifyEmailPath } from '../../../contract/routes.ts';
import { queryParam } from './forms.ts';
import './account.css';

/** "Check your inbox" after a reset request or a sign-up (docs/routes.md). */
export default function EmailSent({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const email = queryParam('email') ?? '';
  const reset = queryParam('type') === 'reset';
  const next = (reset ? resetPasswordPath : verifyEmailPath)(locale, { email });
  return (
    <div className="auth-card auth-form">
      <p>{t(reset ? 'auth.resetSent' : 'auth.verifySent', { email: email || '—' })}</p>
      <p className="auth-note">{t('auth.checkSpam')}</p>
      <a className="button auth-submit" href={next}>
        {t('auth.enterCode')}
      </a>
      <p className="auth-aside">
        <a href={pagePath('login', locale)}>{t('auth.backToLogin')}</a>
      </p>
    </div>
  );
}
