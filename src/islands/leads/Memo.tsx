import { useEffect, useRef, useState } from 'react';
import type { LeadView } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import * as api from '../../lib/api/calls.ts';
import './memo.css';

/** Memos save this long after the last keystroke. */
const MEMO_SAVE_MS = 600;

/**
 * One memo box on a saved lead (set_memo): saved as the user types, with a visible saved state;
 * a failed save shows a toast and puts the saved memo back.
 * A change still waiting when the box goes away (unsave, navigation) is saved at once.
 */
export default function Memo({
  locale,
  lead,
  onSaved,
}: {
  locale: Locale;
  lead: LeadView;
  onSaved?: (memo: string) => void;
}) {
  const t = useTranslations(locale);
  const [value, setValue] = useState(lead.memo ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const mounted = useRef(true);
  /** The memo as the server has it: a failed save goes back to it. */
  const saved = useRef(lead.memo ?? '');

  const save = (memo: string) => {
    pending.current = null;
    // A refusal shows the API client's localized toast; the box goes back to the saved memo.
    api.setMemo({ lead_id: lead.id, memo }).then(
      () => {
        saved.current = memo;
        onSaved?.(memo);
        if (mounted.current && pending.current === null) setState('saved');
      },
      () => {
        if (!mounted.current || pending.current !== null) return;
        setValue(saved.current);
        setState('error');
      },
    );
  };
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      if (pending.current !== null) save(pending.current);
    };
  }, []);

  const change = (next: string) => {
    setValue(next);
    setState('saving');
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => save(next), MEMO_SAVE_MS);
  };
  return (
    <div className="memo">
      <label htmlFor={`memo-${lead.id}`}>{t('leads.memo')}</label>
      <textarea
        id={`memo-${lead.id}`}
        rows={2}
        maxLength={2000}
        value={value}
        onChange={(e) => change(e.target.value)}
      />
      <span className="memo-state" aria-live="polite">
        {state === 'saving'
          ? t('leads.memoSaving')
          : state === 'saved'
            ? t('leads.memoSaved')
            : state === 'error'
              ? t('leads.memoError')
              : ''}
      </span>
    </div>
  );
}
