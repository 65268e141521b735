import { useStore } from '@nanostores/react';
import { $toasts, hideToast } from '../../lib/toast.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import './ui.css';

/** Renders the toasts of src/lib/toast.ts; errors are announced assertively. */
export default function Toaster({ locale }: { locale: Locale }) {
  const toasts = useStore($toasts);
  const t = useTranslations(locale);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          {toast.kind === 'loading' && <span className="toast-spinner" aria-hidden="true" />}
          <span>{toast.message}</span>
          {toast.kind !== 'loading' && (
            <button
              type="button"
              className="toast-close"
              aria-label={t('toast.close')}
              onClick={() => hideToast(toast.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
