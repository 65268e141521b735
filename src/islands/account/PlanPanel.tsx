import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { BUY_LOCK_RELEASE_MS } from '../../lib/constants.ts';
import { formatNumber, formatPrice, planPrices } from '../../lib/format.ts';
import { paymentSuccessUrl } from '../../lib/payment.ts';
import { $selectedPlanId, offeredItems, savingAmount, selectPlan } from '../../lib/plans.ts';
import { $userInfo, loadUserInfo, navigation } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';

/**
 * The plan popup (spec §2, §4 "Buy", §9): plans and bundles (bundles for monthly subscribers only)
 * in the locale's currency with the saving badge; id 13 selected first. Chinese: a customer-service
 * QR code instead of a pay button. English: Buy, locked while requesting, released 500 ms later
 * (at once on error); a returned url is followed.
 */
export default function PlanPanel({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const user = useStore($userInfo);
  const selected = useStore($selectedPlanId);
  const [locked, setLocked] = useState(false);
  const lock = useRef(false);
  const items = offeredItems(user);

  const buy = async () => {
    if (lock.current) return;
    lock.current = true;
    setLocked(true);
    const release = () => {
      lock.current = false;
      setLocked(false);
    };
    try {
      const { url } = await api.getPayUrl({
        goods_id: selected,
        success_url: paymentSuccessUrl(location.href),
      });
      if (url) navigation.go(url);
      else {
        showToast(t('pay.success'), { kind: 'success' });
        await loadUserInfo();
      }
      setTimeout(release, BUY_LOCK_RELEASE_MS);
    } catch {
      release();
    }
  };

  return (
    <div className="plans">
      <div className="plan-options" role="radiogroup" aria-label={t('plan.title')}>
        {items.map((item) => {
          const { price, origin } = planPrices(item, locale);
          const saving = savingAmount(item, locale);
          const name =
            item.kind === 'bundle'
              ? t('plan.bundle', { count: item.unlocks })
              : t(item.cycle === 'year' ? 'plan.yearly' : 'plan.monthly');
          return (
            <button
              key={item.id}
              type="button"
              role="radio"
              aria-checked={selected === item.id}
              className="plan-option"
              data-plan-id={item.id}
              onClick={() => selectPlan(item.id)}
            >
              <span className="plan-option-name">{name}</span>
              <span className="plan-option-price">
                {formatPrice(price, locale)}
                {item.kind === 'plan' && (
                  <small>{t(item.cycle === 'year' ? 'home.planPerYear' : 'home.planPerMonth')}</small>
                )}
              </span>
              {origin !== undefined && <s className="plan-option-origin">{formatPrice(origin, locale)}</s>}
              <span className="plan-option-unlocks">
                {t('home.planUnlocks', { count: formatNumber(item.unlocks, locale) })}
              </span>
              {saving && <span className="plan-badge">{t('plan.save', { amount: saving })}</span>}
            </button>
          );
        })}
      </div>
      {!items.some((item) => item.kind === 'bundle') && <p className="plan-note">{t('plan.bundlesNote')}</p>}
      {locale === 'zh' ? (
        <div className="plan-contact">
          <img src="/contact-qr.svg" width="160" height="160" alt={t('plan.qrAlt')} />
          <p>{t('plan.contactSales')}</p>
        </div>
      ) : (
        <button
          type="button"
          className="button plan-buy"
          onClick={() => void buy()}
          disabled={locked}
          aria-busy={locked}
        >
          {locked ? t('page.loading') : t('plan.buy')}
        </button>
      )}
    </div>
  );
}
