import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { LeadView } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import {
  legalNoteKey,
  lengthState,
  MAX_EMAIL_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  OUTREACH_DAILY_CAP,
} from '../../lib/outreach.ts';
import {
  chooseDraftLanguage,
  editDraft,
  sendComposedDraft,
  type DraftState,
} from '../../lib/stores/composer.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { FormError } from '../ui/FormParts.tsx';
import { useAction } from '../ui/useAction.ts';
import ComposerRecipients from './ComposerRecipients.tsx';
import { DraftPreview, TranslateButton, useLanguageName } from './ComposerTranslation.tsx';
import ComposerMissing from './ComposerMissing.tsx';
import ComposerFollowUps from './ComposerFollowUps.tsx';
import ComposerSpamCheck from './ComposerSpamCheck.tsx';

/** Subject or body with its length against the limit, announced with the field. */
function LengthCount({ id, value, max, locale }: { id: string; value: string; max: number; locale: Locale }) {
  const t = useTranslations(locale);
  const state = lengthState(value, max);
  return (
    <span id={id} className="composer-count" data-over={state.over || undefined}>
      {t('outreach.length', { count: state.count, max })}
    </span>
  );
}

/** The composer's draft step: language, subject, body, translation, recipients, notes and send. */
export default function DraftForm({
  locale,
  lead,
  form,
}: {
  locale: Locale;
  lead: LeadView;
  form: DraftState;
}) {
  const t = useTranslations(locale);
  const id = useId();
  const user = useStore($userInfo);
  const langName = useLanguageName(locale);
  const { draft, subject, body, language, consent, leftToday, problem, refusals } = form;
  const legal = legalNoteKey(lead.country.code);
  const send = useAction(sendComposedDraft);

  return (
    <form
      className="composer-form"
      onSubmit={(event) => {
        event.preventDefault();
        send.trigger();
      }}
      noValidate
    >
      <fieldset className="composer-language">
        <legend>{t('outreach.language')}</legend>
        {draft.languages.map((l) => (
          <label key={l} className="composer-choice">
            <input
              type="radio"
              name={`${id}-language`}
              value={l}
              checked={language === l}
              onChange={() => void chooseDraftLanguage(l)}
              aria-describedby={`${id}-language-hint`}
            />
            {langName(l)}
          </label>
        ))}
        <p id={`${id}-language-hint`} className="field-hint">
          {t('outreach.languageHint')}
        </p>
      </fieldset>
      <p className="composer-source">
        {t(draft.source === 'llm' ? 'outreach.source.llm' : 'outreach.source.template')}
      </p>
      <ComposerMissing locale={locale} missing={draft.missing} />

      <div className="composer-pair" data-preview={language !== locale || undefined}>
        <div className="composer-text">
          <div className="field">
            <label htmlFor={`${id}-subject`}>{t('outreach.subject')}</label>
            <input
              id={`${id}-subject`}
              value={subject}
              onChange={(e) => editDraft({ subject: e.target.value })}
              aria-describedby={`${id}-subject-count`}
              aria-invalid={subject.length > MAX_SUBJECT_LENGTH || undefined}
              lang={language === 'zh' ? 'zh-CN' : language}
            />
            <LengthCount
              id={`${id}-subject-count`}
              value={subject}
              max={MAX_SUBJECT_LENGTH}
              locale={locale}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-body`}>{t('outreach.body')}</label>
            <textarea
              id={`${id}-body`}
              className="composer-body"
              rows={12}
              value={body}
              onChange={(e) => editDraft({ body: e.target.value })}
              aria-describedby={`${id}-body-count`}
              aria-invalid={body.length > MAX_EMAIL_BODY_LENGTH || undefined}
              lang={language === 'zh' ? 'zh-CN' : language}
            />
            <LengthCount id={`${id}-body-count`} value={body} max={MAX_EMAIL_BODY_LENGTH} locale={locale} />
          </div>
        </div>
        {language !== locale && <DraftPreview locale={locale} form={form} />}
      </div>
      <TranslateButton locale={locale} form={form} />
      <ComposerSpamCheck locale={locale} subject={subject} body={body} language={language} />
      <ComposerFollowUps locale={locale} form={form} />
      <ComposerRecipients locale={locale} form={form} />

      {legal && (
        <section className="composer-legal" aria-labelledby={`${id}-legal`}>
          <h3 id={`${id}-legal`}>{t('outreach.legal.title')}</h3>
          <p>{t(legal)}</p>
          <p className="field-hint">{t('outreach.legal.notAdvice')}</p>
          <div className="field-check">
            <input
              id={`${id}-consent`}
              type="checkbox"
              checked={consent}
              onChange={(e) => editDraft({ consent: e.target.checked })}
            />
            <label htmlFor={`${id}-consent`}>{t('outreach.legal.consent')}</label>
          </div>
        </section>
      )}

      <p className="composer-sender">
        {t('outreach.sender', { name: user?.user_name ?? '—', email: user?.email ?? '—' })}
      </p>
      <p className="composer-cap">
        {leftToday === null
          ? t('outreach.capUnknown', { cap: OUTREACH_DAILY_CAP })
          : t('outreach.capLeft', { left: leftToday, cap: OUTREACH_DAILY_CAP })}
      </p>
      <FormError message={problem ? t(problem.key, problem.params) : undefined} />
      {refusals.length > 0 && (
        <ul className="form-error" role="alert">
          {refusals.map((o) => (
            <li key={o.to}>
              <span className="mono">{o.to}</span>: {o.refusal?.message}
            </li>
          ))}
        </ul>
      )}
      <button className="button composer-send" type="submit" disabled={send.busy} aria-busy={send.busy}>
        {send.busy ? t('outreach.sending') : t('outreach.send', { count: form.recipients.length })}
      </button>
    </form>
  );
}
