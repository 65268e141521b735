import { useStore } from '@nanostores/react';
import { useRef, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { formatNumber } from '../../lib/format.ts';
import { useDateTime } from '../ui/useDateTime.ts';
import { hasPlan } from '../../lib/subscription.ts';
import { logOut } from '../../lib/stores/session.ts';
import { $balance } from '../../lib/stores/beans.ts';
import { openPopup } from '../../lib/stores/ui.ts';
import { useSession } from './useSession.ts';
import './account.css';

export interface AccountMenuProps {
  locale: Locale;
  /** `popover`: the sidebar's popover (768 px and up); `inline`: inside the mobile menu (below 768). */
  variant: 'popover' | 'inline';
}

const UserIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9c0-3.9 3.1-7 7-7s7 3.1 7 7" strokeLinecap="round" />
  </svg>
);

/**
 * Spec §2 account popover. Logged in: user name, remaining unlocks, plan expiry when
 * subscription_status is not 0; chat, leads and upload below 768 (the mobile menu's navigation,
 * beside this list, not repeated in it); invitation codes for agents
 * from 768; redeem; Your Plan in English with a plan; logout. Logged out: a login link.
 */
export default function AccountMenu({ locale, variant }: AccountMenuProps) {
  const formatDateTime = useDateTime();
  const t = useTranslations(locale);
  const { loggedIn, user } = useSession();
  const balance = useStore($balance);
  const popover = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const login = `${localizedPath(ROUTES.login, locale)}`;

  if (!loggedIn) {
    return variant === 'popover' ? (
      <a className="account-trigger" href={login} aria-label={t('account.login')}>
        <UserIcon />
      </a>
    ) : (
      <a className="account-inline-link" href={login}>
        <UserIcon />
        <span>{t('account.login')}</span>
      </a>
    );
  }

  const close = () => popover.current?.hidePopover?.();
  const item = (key: string, label: string, onSelect: (() => void) | string): ReactNode => (
    <li key={key}>
      {typeof onSelect === 'string' ? (
        <a className="account-item" href={onSelect}>
          {label}
        </a>
      ) : (
        <button
          type="button"
          className="account-item"
          onClick={() => {
            close();
            onSelect();
          }}
        >
          {label}
        </button>
      )}
    </li>
  );
  const items: ReactNode[] = [];
  // Below 768 the menu's navigation above this list already holds chat, leads and upload (spec
  // §2's items for that width): listed once, there (issue 16).
  if (variant === 'popover' && user?.is_agent === 1) {
    items.push(item('invite', t('account.invitationCodes'), localizedPath(ROUTES.invitationCode, locale)));
  }
  items.push(item('profile', t('account.profile'), localizedPath(ROUTES.profile, locale)));
  items.push(item('redeem', t('account.redeem'), () => openPopup('redeem')));
  items.push(item('plans', t('account.plans'), () => openPopup('plan')));
  if (locale === 'en' && hasPlan(user))
    items.push(item('yourPlan', t('account.yourPlan'), () => openPopup('yourPlan')));
  items.push(item('password', t('account.changePassword'), () => openPopup('password')));
  items.push(item('logout', t('account.logout'), () => void logOut()));

  const summary = (
    <div className="account-summary">
      <p className="account-name">{user?.user_name ?? '…'}</p>
      <p>
        {t('beans.remaining')}: <strong>{formatNumber(balance, locale)}</strong>
      </p>
      {user && user.subscription_status !== 0 && (
        <p>{t('account.planExpires', { date: formatDateTime(user.service_expiration_time) })}</p>
      )}
    </div>
  );

  if (variant === 'inline') {
    return (
      <div className="account-inline">
        {summary}
        <ul className="account-items">{items}</ul>
      </div>
    );
  }

  // The native popover closes on Escape and outside click; we place it beside its button.
  const place = () => {
    const button = trigger.current?.getBoundingClientRect();
    const panel = popover.current;
    if (!button || !panel) return;
    panel.style.left = `${Math.round(button.right + 8)}px`;
    panel.style.top = `${Math.max(8, Math.round(button.bottom - panel.offsetHeight))}px`;
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="account-trigger"
        popoverTarget="account-menu"
        aria-label={t('account.label')}
        title={user?.user_name}
      >
        <UserIcon />
      </button>
      <div
        ref={popover}
        id="account-menu"
        className="account-popover"
        popover="auto"
        role="dialog"
        aria-label={t('account.label')}
        onToggle={(event) => {
          if ((event as unknown as ToggleEvent).newState === 'open') place();
        }}
      >
        {summary}
        <ul className="account-items">{items}</ul>
      </div>
    </>
  );
}
