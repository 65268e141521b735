import { useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { validateEmail } from '../../lib/validation.ts';
import { navigation } from '../../lib/stores/session.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { FormError, SubmitButton } from '../ui/FormParts.tsx';
import { formErrors, queryParam, type FormErrors } from './forms.ts';
import './account.css';

/** Forgot password: emails a reset code, then the email-sent page says what to do next. */
export default function ForgotPassword({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [email, setEmail] = useState(queryParam('email') ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const send = useAction(async () => {
    const emailError = validateEmail(email);
    if (emailError) return setErrors({ email: t(emailError) });
    setErrors({});
    try {
      await api.resetToken({ email: email.trim() }, { toast: false });
      navigation.go(
        `${localizedPath(ROUTES.emailSent, locale)}?type=reset&email=${encodeURIComponent(email.trim())}`,
      );
    } catch (error) {
      setErrors(formErrors(error));
    }
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.trigger();
  };
  return (
    <form className="auth-card auth-form" noValidate onSubmit={onSubmit}>
      <p>{t('auth.forgotLead')}</p>
      <FormError message={errors.form} />
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <SubmitButton locale={locale} busy={send.busy} label={t('auth.sendResetCode')} />
      <p className="auth-aside">
        <a href={localizedPath(ROUTES.login, locale)}>{t('auth.backToLogin')}</a>
      </p>
    </form>
  );
}
