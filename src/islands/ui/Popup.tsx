import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { PopupController } from '../../lib/popup.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import './ui.css';

export interface PopupProps {
  controller: PopupController;
  locale: Locale;
  title: string;
  children: ReactNode;
}

/**
 * A modal popup on the native <dialog> (focus trap and top layer for free) driven by the
 * framework-free controller of src/lib/popup.ts: Escape, overlay click, close button, 500 ms animation.
 */
export default function Popup({ controller, locale, title, children }: PopupProps) {
  const phase = useStore(controller.$phase);
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useTranslations(locale);

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (phase !== 'closed' && !node.open) node.showModal();
    if (phase === 'closed' && node.open) node.close();
  }, [phase]);

  return (
    <dialog
      ref={dialog}
      className="popup"
      data-phase={phase}
      aria-label={title}
      onCancel={(event) => {
        // Escape: animate out instead of vanishing.
        event.preventDefault();
        controller.keydown({ key: 'Escape' });
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the overlay around the panel.
        if (event.target === dialog.current) controller.overlayClick();
      }}
    >
      <div className="popup-panel">
        <header className="popup-head">
          <h2>{title}</h2>
          <button
            type="button"
            className="popup-close"
            aria-label={t('popup.close')}
            onClick={() => controller.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {phase !== 'closed' && children}
      </div>
    </dialog>
  );
}
