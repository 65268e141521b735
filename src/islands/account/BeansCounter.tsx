import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { $balance } from '../../lib/stores/beans.ts';
import { openPopup } from '../../lib/stores/ui.ts';
import { useSession } from './useSession.ts';
import './account.css';

/** Spec §2: the remaining-beans counter; a click opens the redeem modal. Hidden when logged out. */
export default function BeansCounter({ locale, compact = false }: { locale: Locale; compact?: boolean }) {
  const t = useTranslations(locale);
  const { loggedIn } = useSession();
  const balance = useStore($balance);
  if (!loggedIn) return null;
  return (
    <button
      type="button"
      className={compact ? 'beans-counter beans-counter--compact' : 'beans-counter'}
      onClick={() => openPopup('redeem')}
      aria-label={`${t('beans.remaining')}: ${formatNumber(balance, locale)}. ${t('account.redeem')}`}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path
          d="M15.5 4.5c3 1.5 4 5.5 2 9s-6.5 6.5-10 5-3.5-6-1-9 6-6.5 9-5zM9 14c1.5-.5 3-2 3.5-4"
          strokeLinecap="round"
        />
      </svg>
      <span>{formatNumber(balance, locale)}</span>
    </button>
  );
}
