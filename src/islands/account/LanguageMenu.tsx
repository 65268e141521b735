import { useRef, type MouseEvent } from 'react';
import { LOCALES, HTML_LANG, type Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { switchLanguage } from '../../lib/stores/locale.ts';
import '../../styles/language-menu.css';

export interface LanguageMenuProps {
  locale: Locale;
  /** Locale-free path of the current page, so a switch lands on the same page. */
  path: string;
  placement?: 'right' | 'below';
  compact?: boolean;
}

/**
 * Spec §2/§4 language switcher, opening on hover or focus. Plain links work before hydration
 * (`?locale=` is remembered by the inline bootstrap); once hydrated a click also saves the
 * language on the server when logged in, and reverts with a message when that fails.
 */
export default function LanguageMenu({
  locale,
  path,
  placement = 'below',
  compact = false,
}: LanguageMenuProps) {
  const t = useTranslations(locale);
  const trigger = useRef<HTMLButtonElement>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>, next: Locale) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (next === locale) return;
    // A refused switch stays on this page: focus leaves the refused language's link for the menu button.
    void switchLanguage(next).then((switched) => switched || trigger.current?.focus());
  };
  return (
    <div className={`lang lang--${placement}`}>
      {/* The name holds the visible language so voice users can say what they see. */}
      <button
        ref={trigger}
        type="button"
        className="lang-trigger"
        aria-haspopup="true"
        aria-label={compact ? t('lang.label') : `${t('lang.label')}: ${t(`lang.${locale}`)}`}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        {!compact && <span className="lang-current">{t(`lang.${locale}`)}</span>}
      </button>
      <ul className="lang-menu">
        {LOCALES.map((l) => (
          <li key={l}>
            <a
              href={`${localizedPath(path, l)}?locale=${l}`}
              hrefLang={HTML_LANG[l]}
              lang={HTML_LANG[l]}
              aria-current={l === locale ? 'true' : undefined}
              onClick={(event) => onClick(event, l)}
            >
              {t(`lang.${l}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
