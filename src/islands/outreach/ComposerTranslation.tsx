import { useId } from 'react';
import type { EmailLanguage } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { translationTarget } from '../../lib/outreach.ts';
import { readPreview, translateDraft, type DraftState } from '../../lib/stores/composer.ts';
import { useAction } from '../ui/useAction.ts';

/** A language's name in the page's language. */
export function useLanguageName(locale: Locale) {
  const t = useTranslations(locale);
  return (l: EmailLanguage) => t(`outreach.lang.${l}` as UIKey);
}

/**
 * "Translate into…": only where a translator runs (an LLM is configured) and the draft is in one of
 * the UI's two languages; a refusal keeps the text and says why. Without a translator it is not shown.
 */
export function TranslateButton({ locale, form }: { locale: Locale; form: DraftState }) {
  const t = useTranslations(locale);
  const langName = useLanguageName(locale);
  const translate = useAction(translateDraft);
  const target = translationTarget(form.language);
  if (!form.draft.translate || !target) return null;
  const { translation } = form;
  return (
    <div className="composer-translate">
      <button
        type="button"
        className="button button--quiet"
        onClick={() => translate.trigger()}
        disabled={translate.busy}
        aria-busy={translate.busy}
      >
        {translate.busy ? t('outreach.translating') : t('outreach.translate', { language: langName(target) })}
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
  );
}

/**
 * The draft read in the reader's language, beside it: the built-in writer's own rendering of the
 * same facts, or a translation. After an edit it says it still reads the original, and offers an
 * update only where a translator runs.
 */
export function DraftPreview({ locale, form }: { locale: Locale; form: DraftState }) {
  const t = useTranslations(locale);
  const id = useId();
  const langName = useLanguageName(locale);
  const { preview, previewOf, subject, body, language, draft } = form;
  const stale = previewOf !== null && (previewOf.subject !== subject || previewOf.body !== body);
  return (
    <section className="composer-preview" aria-labelledby={`${id}-preview`}>
      <h3 id={`${id}-preview`}>{t('outreach.preview.title')}</h3>
      {preview.state === 'busy' && <p role="status">{t('outreach.preview.loading')}</p>}
      {preview.state === 'done' && (
        <>
          {draft.preview && !stale && <p className="field-hint">{t('outreach.preview.same')}</p>}
          {stale && (
            <p className="composer-notice" role="status">
              <span>{t('outreach.preview.stale')}</span>
              {!draft.translate && <span>{t('outreach.preview.noTranslator')}</span>}
              <span>{t('outreach.preview.sentAs', { language: langName(language) })}</span>
            </p>
          )}
          <div lang={locale === 'zh' ? 'zh-CN' : 'en'}>
            <p className="composer-preview-subject">{preview.subject}</p>
            <p className="composer-preview-body">{preview.body}</p>
          </div>
        </>
      )}
      {(preview.state === 'refused' || (preview.state === 'idle' && !draft.translate)) && (
        <p role="status" className="composer-notice">
          <strong>{t('outreach.preview.unavailable')}</strong>
          {preview.state === 'refused' && <span>{preview.refusal.message}</span>}
          <span>{t('outreach.preview.sentAs', { language: langName(language) })}</span>
        </p>
      )}
      {draft.translate && preview.state !== 'busy' && (stale || preview.state !== 'done') && (
        <button type="button" className="link-button" onClick={() => void readPreview()}>
          {t('outreach.preview.refresh')}
        </button>
      )}
    </section>
  );
}
