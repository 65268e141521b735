import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { BUY_LOCK_RELEASE_MS, FREE_SEARCHES_PER_DAY, SIGNUP_BONUS_BEANS } from '../../lib/constants.ts';
import { counted, formatNumber, formatPrice, planPrices } from '../../lib/format.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { currentPlanId, planAction } from '../../lib/subscription.ts';
import { paymentSuccessUrl } from '../../lib/payment.ts';
import { $selectedPlanId, offeredItems, planIncludes, savingAmount, selectPlan } from '../../lib/plans.ts';
import { contactLink } from '../../../contract/contact.ts';

/** The customer-service contact (build time), also a link: a phone cannot scan its own screen. */
const CONTACT = contactLink(import.meta.env.PUBLIC_CONTACT_QR_URL);
import { $userInfo, loadUserInfo, navigation } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';

/**
 * The plan popup (spec §2, §4 "Buy", §9): plans and bundles (bundles for monthly subscribers only)
 * in the locale's currency with the saving badge; id 13 selected first. Chinese: a customer-service
 * QR code instead of a pay button. English: Buy, locked while requesting, released 500 ms later
 * (at once on error); a returned url is followed. The free tier is explained first; the plan the
 * user is on is marked, and buying it again asks first (docs/plans.md).
 */
export default function PlanPanel({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const user = useStore($userInfo);
  const selected = useStore($selectedPlanId);
  const [locked, setLocked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const lock = useRef(false);
  const items = offeredItems(user);
  const current = currentPlanId(user);
  const selectedItem = items.find((item) => item.id === selected);
  const action = selectedItem ? planAction(user, selectedItem) : 'buy';
  const nameOf = (item: (typeof items)[number]) =>
    item.kind === 'bundle'
      ? counted(t, 'plan.bundle', item.unlocks, locale, formatNumber(item.unlocks, locale))
      : t(item.cycle === 'year' ? 'plan.yearly' : 'plan.monthly');
  const free = t('plan.free', {
    searches: counted(
      t,
      'plan.freeSearches',
      FREE_SEARCHES_PER_DAY,
      locale,
      formatNumber(FREE_SEARCHES_PER_DAY, locale),
    ),
    unlocks: counted(
      t,
      'plan.welcomeUnlocks',
      SIGNUP_BONUS_BEANS,
      locale,
      formatNumber(SIGNUP_BONUS_BEANS, locale),
    ),
  });

  const buy = async () => {
    if (lock.current) return;
    setConfirming(false);
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
      <p className="plan-free">{free}</p>
      <div className="plan-options" role="radiogroup" aria-label={t('plan.title')}>
        {items.map((item) => {
          const { price, origin } = planPrices(item, locale);
          const saving = savingAmount(item, locale);
          const name = nameOf(item);
          return (
            <button
              key={item.id}
              type="button"
              role="radio"
              aria-checked={selected === item.id}
              className="plan-option"
              data-plan-id={item.id}
              onClick={() => {
                setConfirming(false);
                selectPlan(item.id);
              }}
            >
              <span className="plan-option-name">
                {name}
                {item.id === current && <span className="plan-current">{t('plan.current')}</span>}
              </span>
              <span className="plan-option-price">
                {formatPrice(price, locale)}
                {item.kind === 'plan' && (
                  <small>{t(item.cycle === 'year' ? 'home.planPerYear' : 'home.planPerMonth')}</small>
                )}
              </span>
              {origin !== undefined && <s className="plan-option-origin">{formatPrice(origin, locale)}</s>}
              <span className="plan-option-unlocks">
                {counted(t, 'home.planUnlocks', item.unlocks, locale, formatNumber(item.unlocks, locale))}
              </span>
              {saving && <span className="plan-badge">{t('plan.save', { amount: saving })}</span>}
            </button>
          );
        })}
      </div>
      {selectedItem && (
        <div className="plan-includes">
          <h3>{t('plan.includesTitle', { plan: nameOf(selectedItem) })}</h3>
          <ul>
            {planIncludes(t, selectedItem, locale).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {!items.some((item) => item.kind === 'bundle') && <p className="plan-note">{t('plan.bundlesNote')}</p>}
      {locale === 'zh' ? (
        <div className="plan-contact">
          {CONTACT ? (
            <a href={CONTACT} target="_blank" rel="noopener">
              <img src="/contact-qr.svg" width="160" height="160" alt={t('plan.qrAlt')} />
            </a>
          ) : (
            <img src="/contact-qr.svg" width="160" height="160" alt={t('plan.qrAlt')} />
          )}
          <p>{t('plan.contactSales')}</p>
          {CONTACT && (
            <p>
              <a className="button plan-contact-link" href={CONTACT} target="_blank" rel="noopener">
                {t('plan.contactLink')}
              </a>
            </p>
          )}
          {current !== null && <p>{t('plan.contactRenew')}</p>}
        </div>
      ) : confirming ? (
        <div className="plan-confirm" role="alert">
          <p>{t('plan.renewWarning', { date: formatDateTime(user?.service_expiration_time) })}</p>
          <div className="plan-confirm-actions">
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              {t('plan.keep')}
            </button>
            <button
              type="button"
              className="button plan-buy"
              onClick={() => void buy()}
              disabled={locked}
              aria-busy={locked}
            >
              {locked ? t('page.loading') : t('plan.buyAgain')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button plan-buy"
          onClick={() => (action === 'renew' ? setConfirming(true) : void buy())}
          disabled={locked}
          aria-busy={locked}
        >
          {locked ? t('page.loading') : t(`plan.${action}`)}
        </button>
      )}
    </div>
  );
}
