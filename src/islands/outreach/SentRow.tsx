import { useId, useState } from 'react';
import type { OutreachStatus, SentEmail, SequenceView } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import * as api from '../../lib/api/calls.ts';
import { companyName } from '../../lib/leadText.ts';
import { useDateTime } from '../ui/useDateTime.ts';

/** A status as its localized badge. */
export function StatusBadge({ locale, status }: { locale: Locale; status: OutreachStatus }) {
  const t = useTranslations(locale);
  return <span className={`sent-status sent-status--${status}`}>{t(`sent.status.${status}` as UIKey)}</span>;
}

/** Which email of its sequence a row is: "Email 2 of 3". */
function stepLabel(t: ReturnType<typeof useTranslations>, email: SentEmail): string {
  if (!email.sequence || email.sequence.steps <= 1) return t('sent.stepFirst');
  return t('sent.step', { step: email.step, steps: email.sequence.steps });
}

/** The recipient's state: replied, bounced, unsubscribed, follow-ups on or stopped. */
function RecipientState({ locale, sequence }: { locale: Locale; sequence: SequenceView }) {
  const t = useTranslations(locale);
  const marks: [UIKey, string][] = [];
  if (sequence.replied) marks.push(['sent.replied', 'replied']);
  if (sequence.bounced) marks.push(['sent.bounced', 'bounced']);
  if (sequence.unsubscribed) marks.push(['sent.unsubscribed', 'unsubscribed']);
  if (sequence.steps > 1 && sequence.state === 'active') marks.push(['sent.sequenceActive', 'active']);
  if (sequence.state === 'stopped' && marks.length === 0) marks.push(['sent.sequenceStopped', 'stopped']);
  return (
    <span className="sent-marks">
      {marks.map(([key, kind]) => (
        <span key={kind} className={`sent-mark sent-mark--${kind}`}>
          {t(key)}
        </span>
      ))}
    </span>
  );
}

/** One email of a thread, as text (never HTML). */
function ThreadEmail({ locale, email }: { locale: Locale; email: SentEmail }) {
  const t = useTranslations(locale);
  const formatDateTime = useDateTime();
  return (
    <li className="sent-thread-email">
      <p className="sent-meta">
        <strong>
          {email.step === 1 ? t('sent.stepFirst') : t('sent.stepFollowUp', { n: email.step - 1 })}
        </strong>
        <StatusBadge locale={locale} status={email.status} />
        <time dateTime={email.sent_at ?? email.due_at ?? email.created_at}>
          {formatDateTime(email.sent_at ?? email.due_at ?? email.created_at)}
        </time>
      </p>
      {email.error && <p className="sent-error">{email.error}</p>}
      <p className="sent-subject-line">{email.subject}</p>
      <p className="sent-body" lang={email.language === 'zh' ? 'zh-CN' : email.language}>
        {email.body}
      </p>
    </li>
  );
}

/**
 * One sent email: a summary line with its step and its recipient's state; opened, the whole thread
 * to that recipient and a way to mark a reply (which stops the follow-ups).
 */
export default function SentRow({
  locale,
  email,
  onChanged,
}: {
  locale: Locale;
  email: SentEmail;
  onChanged: () => void;
}) {
  const formatDateTime = useDateTime();
  const t = useTranslations(locale);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [thread, setThread] = useState<SentEmail[] | null>(null);
  const [marking, setMarking] = useState(false);
  const subject = email.subject || t('sent.noSubject');
  const sequence = email.sequence;

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (next && sequence)
      setThread(
        (await api.outreachThread({ sequence_id: sequence.id }, { toast: false }).catch(() => null))
          ?.emails ?? [email],
      );
  };
  const markReplied = async () => {
    if (!sequence) return;
    setMarking(true);
    const done = await api.markReplied({ sequence_id: sequence.id }).catch(() => null);
    setMarking(false);
    if (done) {
      setThread(done.emails);
      onChanged();
    }
  };

  return (
    <li className="sent-row">
      <div className="sent-head">
        <h2 className="sent-subject">
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={`${id}-detail`}
            aria-describedby={`${id}-meta`}
            onClick={() => void toggle()}
          >
            {subject}
          </button>
        </h2>
        <StatusBadge locale={locale} status={email.status} />
      </div>
      {/* Described by its step and recipient: a thread's emails share one subject. */}
      <p className="sent-meta" id={`${id}-meta`}>
        <span>{stepLabel(t, email)}</span>
        <span>
          {t('sent.to')}: <span className="mono">{email.to}</span>
        </span>
        <span>
          {t('sent.lead')}: {companyName(email.lead_name)}
        </span>
        {email.status === 'scheduled' && email.due_at ? (
          <span>
            {t('sent.dueAt')}: <time dateTime={email.due_at}>{formatDateTime(email.due_at)}</time>
          </span>
        ) : (
          <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time>
        )}
        {sequence && <RecipientState locale={locale} sequence={sequence} />}
      </p>
      {email.error && !open && <p className="sent-error">{email.error}</p>}
      <div id={`${id}-detail`} className="sent-detail" hidden={!open}>
        {open && (
          <>
            {sequence && !sequence.replied && (
              <p className="sent-reply">
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={marking}
                  aria-busy={marking}
                  aria-describedby={`${id}-reply-hint`}
                  onClick={() => void markReplied()}
                >
                  {t('sent.markReplied')}
                </button>
                <span id={`${id}-reply-hint`} className="field-hint">
                  {t('sent.markRepliedHint')}
                </span>
              </p>
            )}
            <h3>{t('sent.thread')}</h3>
            {thread === null && sequence ? (
              <p role="status">{t('sent.threadLoading')}</p>
            ) : (
              <ol className="sent-thread">
                {(thread ?? [email]).map((e) => (
                  <ThreadEmail key={e.id} locale={locale} email={e} />
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </li>
  );
}
