import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import Field from './Field.tsx';

/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** The form's submit button: disabled and saying so while its request runs. */
export function SubmitButton({ locale, busy, label }: { locale: Locale; busy: boolean; label: string }) {
  const t = useTranslations(locale);
  return (
    <button className="button auth-submit" type="submit" disabled={busy} aria-busy={busy}>
      {busy ? t('page.loading') : label}
    </button>
  );
}

/** The 6-digit emailed code: digits only. */
export function CodeField({
  locale,
  value,
  onChange,
  error,
}: {
  locale: Locale;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const t = useTranslations(locale);
  return (
    <Field
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
    />
  );
}
