import { useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { passwordChecks, validateEmail, validateEmailCode, validatePassword } from '../../lib/validation.ts';
import { navigation } from '../../lib/stores/session.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { FormError, SubmitButton, CodeField } from '../ui/FormParts.tsx';
import { formErrors, queryParam, type FormErrors } from './forms.ts';
import PasswordChecklist from './PasswordChecklist.tsx';
import './account.css';

/** Reset password with the emailed code; every old session ends. */
export default function ResetPassword({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [email, setEmail] = useState(queryParam('email') ?? '');
  const [code, setCode] = useState(queryParam('code') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const reset = useAction(async () => {
    const local: FormErrors = {};
    const emailError = validateEmail(email);
    const passwordError = validatePassword(password);
    if (emailError) local.email = t(emailError);
    const codeError = validateEmailCode(code);
    if (codeError) local.code = t(codeError);
    if (passwordError) local.password = t(passwordError);
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await api.resetPassword({ email: email.trim(), code: code.trim(), password }, { toast: false });
      // The login page says so (?reset=1): a toast here would be lost on the move.
      const next = new URLSearchParams({ email: email.trim(), reset: '1' });
      navigation.go(`${localizedPath(ROUTES.login, locale)}?${next}`);
    } catch (error) {
      setErrors(formErrors(error));
    }
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    reset.trigger();
  };
  return (
    <form className="auth-card auth-form" noValidate onSubmit={onSubmit}>
      <FormError message={errors.form} />
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <CodeField locale={locale} value={code} onChange={setCode} error={errors.code} />
      <Field
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={<PasswordChecklist locale={locale} checks={passwordChecks(password)} empty={!password} />}
      />
      <SubmitButton locale={locale} busy={reset.busy} label={t('auth.setPassword')} />
    </form>
  );
}
