import { useEffect, useRef } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import type { SendOutcome } from '../../lib/stores/outreach.ts';

/** After sending: what each address got, and the way to the Sent emails page. */
export default function ComposerDone({ locale, outcomes }: { locale: Locale; outcomes: SendOutcome[] }) {
  const t = useTranslations(locale);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="composer-done">
      <h3 ref={heading} tabIndex={-1}>
        {t('outreach.done.title')}
      </h3>
      <ul>
        {outcomes.map((o) => (
          <li key={o.to}>
            <span className="mono">{o.to}</span>{' '}
            {o.sent ? (
              <span className={`sent-status sent-status--${o.sent.status}`}>
                {t(`sent.status.${o.sent.status}` as UIKey)}
              </span>
            ) : (
              <span className="composer-blocked">
                {t('outreach.done.refused')} {o.refusal?.message}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p>{t('outreach.done.note')}</p>
      <a className="button" href={localizedPath(ROUTES.sentEmails, locale)}>
        {t('outreach.done.viewSent')}
      </a>
    </div>
  );
}
