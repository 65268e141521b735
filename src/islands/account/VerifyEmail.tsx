import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../lib/routes.ts';
import { safeRedirect } from '../../lib/guard.ts';
import { validateEmail } from '../../lib/validation.ts';
import { $verifyEmail, acceptToken, navigation } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { FormError, SubmitButton, CodeField } from '../ui/FormParts.tsx';
import { formErrors, queryParam, type FormErrors } from './forms.ts';
import './account.css';

/** Seconds before the code can be sent again (the server allows one a minute). */
export const RESEND_COOLDOWN_S = 60;

/** Sign-up verification: the emailed code, typed or arriving in the link; resend with a cooldown. */
export default function VerifyEmail({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const remembered = useStore($verifyEmail);
  const [email, setEmail] = useState(queryParam('email') ?? remembered ?? '');
  const [code, setCode] = useState(queryParam('code') ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const [cooldown, setCooldown] = useState(0);
  const autoSubmitted = useRef(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = useAction(async () => {
    const local: FormErrors = {};
    const emailError = validateEmail(email);
    if (emailError) local.email = t(emailError);
    if (!/^\d{6}$/.test(code.trim())) local.code = t('auth.codeFormat');
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const token = await api.registerVerification(
        { email: email.trim(), code: code.trim() },
        { toast: false },
      );
      await acceptToken(token);
      showToast(t('auth.verified'), { kind: 'success' });
      navigation.go(safeRedirect(queryParam('redirect')) ?? localizedPath(ROUTES.chat, locale));
    } catch (error) {
      setErrors(formErrors(error));
    }
  });

  const resend = useAction(async () => {
    const emailError = validateEmail(email);
    if (emailError) return setErrors({ email: t(emailError) });
    try {
      await api.reverifyEmail({ email: email.trim() }, { toast: false });
      setCooldown(RESEND_COOLDOWN_S);
      showToast(t('auth.codeSent', { email: email.trim() }), { kind: 'success' });
    } catch (error) {
      setErrors(formErrors(error));
    }
  });

  // The link in the email carries the code: verify at once.
  useEffect(() => {
    if (!autoSubmitted.current && queryParam('code') && queryParam('email')) {
      autoSubmitted.current = true;
      verify.trigger();
    }
  }, [verify]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.trigger();
  };

  return (
    <form className="auth-card auth-form" noValidate onSubmit={onSubmit}>
      <p>{t('auth.verifyLead', { email: email || '—' })}</p>
      <FormError message={errors.form} />
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <CodeField locale={locale} value={code} onChange={setCode} error={errors.code} />
      <SubmitButton locale={locale} busy={verify.busy} label={t('auth.verify')} />
      <p className="auth-aside">
        <button
          type="button"
          className="link-button"
          onClick={() => resend.trigger()}
          disabled={resend.busy || cooldown > 0}
        >
          {cooldown > 0 ? t('auth.resendIn', { seconds: cooldown }) : t('auth.resend')}
        </button>
      </p>
    </form>
  );
}
