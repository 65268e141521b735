import { useId } from 'react';
import { FOLLOW_UP_MAX_DAYS } from '../../../contract/outreach.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { editFollowUp, type DraftState } from '../../lib/stores/composer.ts';

/**
 * The follow-ups of the sequence (issue 15): each ticked to go, on the day the user picks, drafted
 * like the first email and shown in full with its preview, so it is reviewed before it is queued.
 */
export default function ComposerFollowUps({ locale, form }: { locale: Locale; form: DraftState }) {
  const t = useTranslations(locale);
  const id = useId();
  const lang = form.language === 'zh' ? 'zh-CN' : form.language;
  if (form.followUps.length === 0) return null;
  return (
    <fieldset className="composer-followups" aria-describedby={`${id}-hint`}>
      <legend>{t('outreach.followUps')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('outreach.followUpsHint')}
      </p>
      {form.followUps.map((f, i) => {
        const n = i + 1;
        const key = `${id}-${i}`;
        return (
          <div key={key} className="composer-followup">
            <div className="composer-followup-head">
              <div className="field-check">
                <input
                  id={`${key}-send`}
                  type="checkbox"
                  checked={f.include}
                  onChange={(e) => editFollowUp(i, { include: e.target.checked })}
                />
                <label htmlFor={`${key}-send`}>{t('outreach.followUpSend', { n })}</label>
              </div>
              <div className="field composer-followup-days">
                <label htmlFor={`${key}-days`}>{t('outreach.followUpDays')}</label>
                <input
                  id={`${key}-days`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={FOLLOW_UP_MAX_DAYS}
                  value={f.days}
                  disabled={!f.include}
                  onChange={(e) => editFollowUp(i, { days: e.target.value })}
                />
              </div>
            </div>
            <details>
              <summary>{t('outreach.followUpShow', { n })}</summary>
              <div className="composer-pair" data-preview={f.preview ? true : undefined}>
                <div className="composer-text">
                  <div className="field">
                    <label htmlFor={`${key}-subject`}>{t('outreach.followUpSubject', { n })}</label>
                    <input
                      id={`${key}-subject`}
                      value={f.subject}
                      lang={lang}
                      onChange={(e) => editFollowUp(i, { subject: e.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${key}-body`}>{t('outreach.followUpBody', { n })}</label>
                    <textarea
                      id={`${key}-body`}
                      className="composer-body"
                      rows={8}
                      value={f.body}
                      lang={lang}
                      onChange={(e) => editFollowUp(i, { body: e.target.value })}
                    />
                  </div>
                </div>
                {f.preview && (
                  <section
                    className="composer-preview"
                    aria-label={`${t('outreach.preview.title')} ${t('outreach.followUp', { n })}`}
                  >
                    <h3>{t('outreach.preview.title')}</h3>
                    <div lang={locale === 'zh' ? 'zh-CN' : 'en'}>
                      <p className="composer-preview-subject">{f.preview.subject}</p>
                      <p className="composer-preview-body">{f.preview.body}</p>
                    </div>
                  </section>
                )}
              </div>
            </details>
          </div>
        );
      })}
    </fieldset>
  );
}
