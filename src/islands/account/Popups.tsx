import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { createPopup } from '../../lib/popup.ts';
import { $popup, closePopup, type PopupName } from '../../lib/stores/ui.ts';
import Popup from '../ui/Popup.tsx';
import Toaster from '../ui/Toaster.tsx';
import { useMounted } from '../ui/useMounted.ts';
import { useSession } from './useSession.ts';
import { wireUploadEntry } from '../upload/openUpload.ts';

// Rarely used parts load when opened (budgets.md).
const RedeemPanel = lazy(() => import('./RedeemPanel.tsx'));
const PlanPanel = lazy(() => import('./PlanPanel.tsx'));
const YourPlanPanel = lazy(() => import('./YourPlanPanel.tsx'));
const ChangePasswordPanel = lazy(() => import('./ChangePasswordPanel.tsx'));
const UploadPanel = lazy(() => import('../upload/UploadPanel.tsx'));
const EmailComposer = lazy(() => import('../outreach/EmailComposer.tsx'));

const TITLES: Record<PopupName, UIKey> = {
  redeem: 'redeem.title',
  plan: 'plan.title',
  yourPlan: 'yourPlan.title',
  upload: 'upload.title',
  email: 'outreach.title',
  password: 'password.title',
};

/** Hosts the toasts and the account popups any island opens through the `$popup` store. */
export default function Popups({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const open = useStore($popup);
  const mounted = useMounted();
  const { loggedIn } = useSession();
  // The Upload nav item and `?upload=1` open the upload modal (islands/upload).
  useEffect(() => wireUploadEntry(loggedIn), [loggedIn]);
  const controllers = useMemo(
    () => ({
      redeem: createPopup({ onClose: closePopup }),
      plan: createPopup({ onClose: closePopup }),
      yourPlan: createPopup({ onClose: closePopup }),
      upload: createPopup({ onClose: closePopup }),
      // The composer holds an unsent draft: only Escape or the close button dismiss it.
      email: createPopup({ onClose: closePopup, closeOnOverlay: false }),
      // A half-typed password form is not dismissed by a stray click beside it.
      password: createPopup({ onClose: closePopup, closeOnOverlay: false }),
    }),
    [],
  );
  useEffect(() => {
    for (const [name, controller] of Object.entries(controllers)) {
      if (name === open) controller.open();
      else controller.close();
    }
  }, [open, controllers]);
  const body = (name: keyof typeof controllers) => {
    if (name === 'redeem') return <RedeemPanel locale={locale} />;
    if (name === 'plan') return <PlanPanel locale={locale} />;
    if (name === 'upload') return <UploadPanel locale={locale} />;
    if (name === 'email') return <EmailComposer locale={locale} />;
    if (name === 'password')
      return <ChangePasswordPanel locale={locale} onDone={() => controllers.password.close()} />;
    return <YourPlanPanel locale={locale} onDone={() => controllers.yourPlan.close()} />;
  };
  if (!mounted) return null;
  return (
    <>
      <Toaster locale={locale} />
      {(Object.keys(controllers) as (keyof typeof controllers)[]).map((name) => (
        <Popup key={name} controller={controllers[name]} locale={locale} title={t(TITLES[name])}>
          <Suspense fallback={<p>{t('page.loading')}</p>}>{body(name)}</Suspense>
        </Popup>
      ))}
    </>
  );
}
