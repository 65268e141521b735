import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import type { passwordChecks } from '../../lib/validation.ts';

/** The spec §5 password rules, each ticked as the user types. */
export default function PasswordChecklist({
  locale,
  checks: raw,
  empty,
}: {
  locale: Locale;
  checks: ReturnType<typeof passwordChecks>;
  /** Nothing typed yet: no rule is shown as met. */
  empty: boolean;
}) {
  const t = useTranslations(locale);
  const checks = empty ? { length: false, kinds: false, chars: false } : raw;
  const rules = [
    ['length', 'validation.passwordLength'],
    ['kinds', 'validation.passwordKinds'],
    ['chars', 'validation.passwordChars'],
  ] as const;
  return (
    <ul className="checklist" aria-label={t('auth.passwordRules')}>
      {rules.map(([key, label]) => (
        <li key={key} data-ok={checks[key]}>
          <span aria-hidden="true">{checks[key] ? '✓' : '○'}</span> {t(label)}
          <span className="visually-hidden">{checks[key] ? t('auth.ruleMet') : t('auth.ruleNotMet')}</span>
        </li>
      ))}
    </ul>
  );
}
