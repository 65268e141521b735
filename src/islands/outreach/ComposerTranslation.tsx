import { useId } from 'react';
import type { Language } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { otherLanguage } from '../../lib/outreach.ts';
import { readPreview, translateDraft, type DraftState } from '../../lib/stores/composer.ts';
import { useAction } from '../ui/useAction.ts';

/** A language's name in the page's language. */
export function useLanguageName(locale: Locale) {
  const t = useTranslations(locale);
  return (l: Language) => t(`outreach.lang.${l}` as UIKey);
}

/** The translate button with its refusal, and the draft read in the reader's language. */
export default function ComposerTranslation({ locale, form }: { locale: Locale; form: DraftState }) {
  const t = useTranslations(locale);
  const id = useId();
  const langName = useLanguageName(locale);
  const translate = useAction(translateDraft);
  const { language, translation, preview } = form;
  const reader = locale as Language;
  return (
    <>
      <div className="composer-translate">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => translate.trigger()}
          disabled={translate.busy}
          aria-busy={translate.busy}
        >
          {translate.busy
            ? t('outreach.translating')
            : t('outreach.translate', { language: langName(otherLanguage(language)) })}
        </button>
        {translation.state === 'refused' && (
          <p className="composer-notice" role="alert">
            <strong>
              {t(translation.unavailable ? 'outreach.translateUnavailable' : 'outreach.translateFailed')}
            </strong>
            <span>{translation.refusal.message}</span>
            <span>{t('outreach.textKept')}</span>
          </p>
        )}
      </div>

      {language !== reader && (
        <section className="composer-preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>{t('outreach.preview.title')}</h3>
          {preview.state === 'busy' && <p role="status">{t('outreach.preview.loading')}</p>}
          {preview.state === 'done' && (
            <div lang={reader === 'zh' ? 'zh-CN' : 'en'}>
              <p className="composer-preview-subject">{preview.subject}</p>
              <p className="composer-preview-body">{preview.body}</p>
            </div>
          )}
          {preview.state === 'refused' && (
            <p role="status" className="composer-notice">
              <strong>{t('outreach.preview.unavailable')}</strong>
              <span>{preview.refusal.message}</span>
              <span>{t('outreach.preview.sentAs', { language: langName(language) })}</span>
            </p>
          )}
          {!(preview.state === 'refused' && preview.unavailable) && preview.state !== 'busy' && (
            <button type="button" className="link-button" onClick={() => void readPreview()}>
              {t('outreach.preview.refresh')}
            </button>
          )}
        </section>
      )}
    </>
  );
}
