import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Language, LeadView, OutreachDraft } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../lib/routes.ts';
import {
  defaultEmailLanguage,
  defaultRecipients,
  draftRequestIds,
  legalNoteKey,
  lengthState,
  MAX_EMAIL_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  OUTREACH_DAILY_CAP,
  otherLanguage,
  recipientOptions,
  sendBlocker,
} from '../../lib/outreach.ts';
import {
  $emailLead,
  generateDraft,
  loadEmailsLeftToday,
  sendDraft,
  translateText,
  type Refusal,
  type SendOutcome,
} from '../../lib/stores/outreach.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { FormError } from '../ui/FormParts.tsx';
import { useAction } from '../ui/useAction.ts';
import '../account/account.css';
import outreachCss from './outreach.css?url';

const EMAIL_STATUSES = new Set(['valid', 'risky', 'unknown', 'invalid']);

/** A translation the composer shows: done, running, or refused with the server's message. */
type Translation =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; subject: string; body: string }
  | { state: 'refused'; refusal: Refusal; unavailable: boolean };

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

/** Translates subject, then body, into `target`: both or neither (a refused subject skips the body). */
async function translateBoth(subject: string, body: string, target: Language): Promise<Translation> {
  const s = await translateText(subject, target);
  if ('refusal' in s) return { state: 'refused', refusal: s.refusal, unavailable: s.unavailable };
  const b = await translateText(body, target);
  if ('refusal' in b) return { state: 'refused', refusal: b.refusal, unavailable: b.unavailable };
  return { state: 'done', subject: s.text, body: b.text };
}

/** The composer's draft step: language, subject, body, translation, recipients, notes and send. */
function DraftForm({
  locale,
  lead,
  draft,
  onLanguage,
  onSent,
}: {
  locale: Locale;
  lead: LeadView;
  draft: OutreachDraft;
  onLanguage(language: Language): void;
  onSent(outcomes: SendOutcome[]): void;
}) {
  const t = useTranslations(locale);
  const id = useId();
  const user = useStore($userInfo);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [language, setLanguage] = useState<Language>(draft.language);
  const options = useMemo(() => recipientOptions(draft.to, lead.contacts?.emails ?? []), [draft, lead]);
  const [recipients, setRecipients] = useState<string[]>(() => defaultRecipients(options));
  const [consent, setConsent] = useState(false);
  const [leftToday, setLeftToday] = useState<number | null>(null);
  const [translation, setTranslation] = useState<Translation>({ state: 'idle' });
  const [preview, setPreview] = useState<Translation>({ state: 'idle' });
  const [problem, setProblem] = useState<string | undefined>();
  const [refusals, setRefusals] = useState<SendOutcome[]>([]);
  // One set of request ids for this draft: a double click or a retry sends each address once.
  const ids = useMemo(() => draftRequestIds(), [draft]);
  const legal = legalNoteKey(lead.country.code);
  const reader = locale as Language;

  useEffect(() => {
    let live = true;
    void loadEmailsLeftToday().then((left) => live && setLeftToday(left));
    return () => {
      live = false;
    };
  }, []);

  // A zh user writing in English (or the reverse) reads a translation below the draft.
  const readPreview = async () => {
    setPreview({ state: 'busy' });
    setPreview(await translateBoth(subject, body, reader));
  };
  useEffect(() => {
    if (draft.language !== reader) void readPreview();
    // Once per draft; later edits refresh it on request.
  }, [draft]);

  const translate = useAction(async () => {
    const target = otherLanguage(language);
    setTranslation({ state: 'busy' });
    const result = await translateBoth(subject, body, target);
    setTranslation(result);
    if (result.state !== 'done') return;
    setSubject(result.subject);
    setBody(result.body);
    setLanguage(target);
    setPreview({ state: 'idle' });
  });

  const send = useAction(async () => {
    setRefusals([]);
    const blocker = sendBlocker({
      subject,
      body,
      recipients,
      leftToday,
      needsConsent: legal !== null,
      consent,
    });
    if (blocker) {
      setProblem(t(blocker.key, blocker.params));
      return;
    }
    setProblem(undefined);
    const outcomes = await sendDraft({ lead, recipients, subject, body, language, ids });
    if (outcomes.some((o) => o.sent)) onSent(outcomes);
    else setRefusals(outcomes);
  });

  const toggle = (email: string) =>
    setRecipients((current) =>
      current.includes(email) ? current.filter((e) => e !== email) : [...current, email],
    );
  const langName = (l: Language) => t(`outreach.lang.${l}` as UIKey);

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
        {(['en', 'zh'] as const).map((l) => (
          <label key={l} className="composer-choice">
            <input
              type="radio"
              name={`${id}-language`}
              value={l}
              checked={language === l}
              onChange={() => onLanguage(l)}
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

      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('outreach.subject')}</label>
        <input
          id={`${id}-subject`}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          aria-describedby={`${id}-subject-count`}
          aria-invalid={subject.length > MAX_SUBJECT_LENGTH || undefined}
          lang={language === 'zh' ? 'zh-CN' : 'en'}
        />
        <LengthCount id={`${id}-subject-count`} value={subject} max={MAX_SUBJECT_LENGTH} locale={locale} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>{t('outreach.body')}</label>
        <textarea
          id={`${id}-body`}
          className="composer-body"
          rows={12}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${id}-body-count`}
          aria-invalid={body.length > MAX_EMAIL_BODY_LENGTH || undefined}
          lang={language === 'zh' ? 'zh-CN' : 'en'}
        />
        <LengthCount id={`${id}-body-count`} value={body} max={MAX_EMAIL_BODY_LENGTH} locale={locale} />
      </div>

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

      <fieldset className="composer-recipients" aria-describedby={`${id}-recipients-hint`}>
        <legend>{t('outreach.recipients')}</legend>
        <p id={`${id}-recipients-hint`} className="field-hint">
          {t('outreach.recipientsHint')}
        </p>
        {options.length === 0 && <p>{t('outreach.noRecipients')}</p>}
        <ul>
          {options.map((option, index) => (
            <li key={option.email} className="composer-recipient">
              <input
                id={`${id}-to-${index}`}
                type="checkbox"
                checked={recipients.includes(option.email)}
                disabled={option.blocked !== null}
                onChange={() => toggle(option.email)}
                aria-describedby={option.blocked ? `${id}-why-${index}` : undefined}
              />
              <label htmlFor={`${id}-to-${index}`} className="mono">
                {option.email}
              </label>
              <span className="composer-recipient-meta">
                {EMAIL_STATUSES.has(option.status) && (
                  <span className={`email-status email-status--${option.status}`}>
                    {t(`chat.status.${option.status}` as UIKey)}
                  </span>
                )}
                {option.blocked && (
                  <span id={`${id}-why-${index}`} className="composer-blocked">
                    {t(option.blocked)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>

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
              onChange={(e) => setConsent(e.target.checked)}
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
      <FormError message={problem} />
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
        {send.busy ? t('outreach.sending') : t('outreach.send', { count: recipients.length })}
      </button>
    </form>
  );
}

/** After sending: what each address got, and the way to the Sent emails page. */
function Done({ locale, outcomes }: { locale: Locale; outcomes: SendOutcome[] }) {
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

/**
 * The outreach email composer (the `email` popup): a draft written on open in the lead's language,
 * editable, translatable, sent to the ticked addresses; lead and email text are rendered as text only.
 */
export default function EmailComposer({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const lead = useStore($emailLead);
  const [language, setLanguage] = useState<Language>(() => defaultEmailLanguage(lead?.country.code ?? ''));
  const [draft, setDraft] = useState<OutreachDraft | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [outcomes, setOutcomes] = useState<SendOutcome[] | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!lead) return;
    let live = true;
    setDraft(null);
    setRefusal(null);
    void generateDraft(lead, language).then((result) => {
      if (!live) return;
      if ('draft' in result) setDraft(result.draft);
      else setRefusal(result.refusal);
    });
    return () => {
      live = false;
    };
  }, [lead, language, attempt]);

  if (!lead) return null;
  return (
    <div className="composer">
      {/* Loaded with the composer, not inlined into every page (React 19 waits for it). */}
      <link rel="stylesheet" href={outreachCss} precedence="outreach" />
      <p className="composer-lead">
        {t('outreach.recipientLead', { name: lead.name, country: lead.country.name })}
      </p>
      {outcomes ? (
        <Done locale={locale} outcomes={outcomes} />
      ) : draft ? (
        <DraftForm
          key={attempt}
          locale={locale}
          lead={lead}
          draft={draft}
          onLanguage={(next) => {
            // Always a new draft, even when a translation already switched the form's language.
            setLanguage(next);
            setAttempt((n) => n + 1);
          }}
          onSent={setOutcomes}
        />
      ) : refusal ? (
        <div className="composer-failed">
          <p role="alert">
            {t('outreach.generateFailed')} {refusal.message}
          </p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('outreach.retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('outreach.generating')}</p>
      )}
    </div>
  );
}
