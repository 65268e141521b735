import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { billingCycle, goodsPriceLabel, subscriptionView } from '../../lib/subscription.ts';
import { $userInfo, loadUserInfo } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';
import { useAction } from '../ui/useAction.ts';

/** Your Plan (spec §4): plan, price, Renews or Expires, and the unsubscribe flow with its confirm panel. */
export default function YourPlanPanel({ locale, onDone }: { locale: Locale; onDone: () => void }) {
  const t = useTranslations(locale);
  const user = useStore($userInfo);
  const [confirming, setConfirming] = useState(false);
  const cancel = useAction(async () => {
    await api.cancelSubscription();
    showToast(t('subscription.unsubscribed'), { kind: 'success' });
    await loadUserInfo();
    setConfirming(false);
    onDone();
  });
  if (!user) return <p>{t('page.loading')}</p>;
  const view = subscriptionView(user);
  if (view.kind === 'none') return <p>{t('yourPlan.none')}</p>;
  return (
    <div className="your-plan">
      <dl className="your-plan-facts">
        <dt>{t('yourPlan.plan')}</dt>
        <dd>{user.subscription_info?.goods_name ?? '--'}</dd>
        <dt>{t('yourPlan.price')}</dt>
        <dd>
          {goodsPriceLabel(user.subscription_info?.goods_price)} /{' '}
          {t(billingCycle(user.pay_cycle) === 'year' ? 'plan.yearly' : 'plan.monthly')}
        </dd>
        <dt>{t('yourPlan.status')}</dt>
        <dd>
          {t(view.kind === 'renews' ? 'subscription.renews' : 'subscription.expires', {
            date: formatDateTime(view.date),
          })}
        </dd>
      </dl>
      <p className="your-plan-note">{t('yourPlan.notice')}</p>
      {view.canUnsubscribe &&
        (confirming ? (
          <div className="confirm-panel" role="group" aria-label={t('yourPlan.confirmTitle')}>
            <p>
              {t('yourPlan.confirmText')}{' '}
              <a href={localizedPath(ROUTES.terms, locale)} target="_blank" rel="noopener">
                {t('footer.terms')}
              </a>{' '}
              ·{' '}
              <a href={localizedPath(ROUTES.privacy, locale)} target="_blank" rel="noopener">
                {t('footer.privacy')}
              </a>
            </p>
            <div className="confirm-actions">
              <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
                {t('yourPlan.cancel')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => cancel.trigger()}
                disabled={cancel.busy}
                aria-busy={cancel.busy}
              >
                {t('yourPlan.confirm')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button button--quiet" onClick={() => setConfirming(true)}>
            {t('yourPlan.unsubscribe')}
          </button>
        ))}
    </div>
  );
}
