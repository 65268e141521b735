import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { BeanLedgerEntry } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { counted, formatNumber } from '../../lib/format.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { validateAuthCode } from '../../lib/validation.ts';
import { $balance, $redeeming, redeem } from '../../lib/stores/beans.ts';
import { showToast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api/errors.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';

const PAGE_SIZE = 10;

/** The redeem modal: a code adds beans once (spec §4 "Redeem"), and the history of every change. */
export default function RedeemPanel({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const balance = useStore($balance);
  const redeeming = useStore($redeeming);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<BeanLedgerEntry[] | null>(null);
  const [total, setTotal] = useState(0);

  const loadHistory = async (page = 1) => {
    const result = await api.getBeanHistory({ page, page_size: PAGE_SIZE }).catch(() => null);
    if (!result) return;
    setTotal(result.total);
    setHistory((previous) => (page === 1 || !previous ? result.items : [...previous, ...result.items]));
  };
  useEffect(() => {
    void loadHistory();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const verdict = validateAuthCode(code);
    if (verdict) return setError(t(verdict));
    setError(null);
    try {
      const added = await redeem(code, { toast: false });
      if (added === undefined) return;
      setCode('');
      showToast(counted(t, 'redeem.added', added, locale), { kind: 'success' });
      void loadHistory();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.default'));
    }
  };

  return (
    <div className="redeem">
      <p className="redeem-balance">
        {t('beans.remaining')}: <strong>{formatNumber(balance, locale)}</strong>
      </p>
      <form className="redeem-form" noValidate onSubmit={onSubmit}>
        <Field
          label={t('redeem.code')}
          autoComplete="off"
          maxLength={64}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <button className="button" type="submit" disabled={redeeming} aria-busy={redeeming}>
          {redeeming ? t('page.loading') : t('redeem.submit')}
        </button>
      </form>
      <h3 className="redeem-history-title">{t('redeem.history')}</h3>
      {history === null ? (
        <p>{t('page.loading')}</p>
      ) : history.length === 0 ? (
        <p>{t('redeem.empty')}</p>
      ) : (
        <ul className="ledger">
          {history.map((entry) => (
            <li key={entry.id} className="ledger-row">
              <span className="ledger-what">
                {t(`ledger.${entry.reason}` as UIKey)}
                {entry.detail && <span className="ledger-detail"> · {entry.detail}</span>}
              </span>
              <span className={entry.amount > 0 ? 'ledger-amount ledger-amount--in' : 'ledger-amount'}>
                {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
              </span>
              <time className="ledger-when" dateTime={entry.created_at}>
                {formatDateTime(entry.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {history && history.length < total && (
        <button
          type="button"
          className="link-button"
          onClick={() => void loadHistory(Math.floor(history.length / PAGE_SIZE) + 1)}
        >
          {t('redeem.more')}
        </button>
      )}
    </div>
  );
}
