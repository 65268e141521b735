import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { passwordChecks, validateEmail, validateEmailCode, validatePassword } from '../../lib/validation.ts';
import {
  $token,
  $userInfo,
  $verifyEmail,
  finishSignIn,
  loadUserInfo,
  signupTokenFor,
} from '../../lib/stores/session.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { FormError, SubmitButton, CodeField } from '../ui/FormParts.tsx';
import { formErrors, queryParam, type FormErrors } from './forms.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES } from '../../../contract/routes.ts';
import PasswordChecklist from './PasswordChecklist.tsx';
import './account.css';

/** Seconds before the code can be sent again (the server allows one a minute). */
export const RESEND_COOLDOWN_S = 60;

/**
 * Sign-up verification: the emailed code, typed or pre-filled from the link; resend with a cooldown.
 * Verifying signs in, so it waits for a click and asks before replacing another signed-in account.
 * The code goes with this browser's sign-up token; a code not requested here (no token, or someone
 * else's sign-up) activates no password chosen elsewhere: the server asks for one, and so do we.
 */
export default function VerifyEmail({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const remembered = useStore($verifyEmail);
  const token = useStore($token);
  const user = useStore($userInfo);
  // Signed in and no address to verify: the account's own is verified already (a login needs it).
  const [signedInOnly] = useState(() => Boolean($token.get()) && !queryParam('email') && !$verifyEmail.get());
  useEffect(() => {
    if (signedInOnly && !$userInfo.get()) void loadUserInfo({ toast: false }).catch(() => undefined);
  }, []);
  const [email, setEmail] = useState(queryParam('email') ?? remembered ?? '');
  const [code, setCode] = useState(queryParam('code') ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const [cooldown, setCooldown] = useState(0);
  // The signed-in address to confirm leaving, while the switch question is open.
  const [switchFrom, setSwitchFrom] = useState<string | null>(null);
  // The switch was confirmed for this address (kept while a password is asked for).
  const [switchConfirmed, setSwitchConfirmed] = useState(false);
  // The server answered PASSWORD_REQUIRED: the password to set with the code.
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const keepButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (switchFrom !== null) keepButton.current?.focus();
  }, [switchFrom]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = useAction(async (confirmNow: boolean) => {
    setSwitchFrom(null);
    const switching = confirmNow || switchConfirmed;
    if (confirmNow) setSwitchConfirmed(true);
    const local: FormErrors = {};
    const emailError = validateEmail(email);
    if (emailError) local.email = t(emailError);
    const codeError = validateEmailCode(code);
    if (codeError) local.code = t(codeError);
    const passwordError = needsPassword ? validatePassword(password) : null;
    if (passwordError) local.password = t(passwordError);
    setErrors(local);
    if (Object.keys(local).length) return;
    if ($token.get() && !switching) {
      const current = $userInfo.get() ?? (await loadUserInfo({ toast: false }).catch(() => null));
      // A link from someone else must not swap the account (login CSRF): ask first.
      if ($token.get() && current?.email.toLowerCase() !== email.trim().toLowerCase())
        return setSwitchFrom(current?.email ?? '—');
    }
    const signupToken = signupTokenFor(email);
    let token: string;
    try {
      token = await api.registerVerification(
        {
          email: email.trim(),
          code: code.trim(),
          ...(signupToken ? { signup_token: signupToken } : {}),
          ...(needsPassword ? { password } : {}),
        },
        { toast: false },
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.PASSWORD_REQUIRED) {
        setErrors({});
        return setNeedsPassword(true);
      }
      return setErrors(formErrors(error));
    }
    // The account being left: its session ends on the server before the new one starts here.
    if (switching && $token.get()) await api.logout({ toast: false }).catch(() => undefined);
    showToast(t('auth.verified'), { kind: 'success' });
    await finishSignIn(token, { locale });
  });

  const resend = useAction(async () => {
    const emailError = validateEmail(email);
    if (emailError) return setErrors({ email: t(emailError) });
    try {
      const signupToken = signupTokenFor(email);
      await api.reverifyEmail(
        { email: email.trim(), ...(signupToken ? { signup_token: signupToken } : {}) },
        { toast: false },
      );
      setCooldown(RESEND_COOLDOWN_S);
      showToast(t('auth.codeSent', { email: email.trim() }), { kind: 'success' });
    } catch (error) {
      setErrors(formErrors(error));
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.trigger(false);
  };

  if (signedInOnly && token)
    return (
      <div className="auth-card auth-form" role="status">
        <p>{user ? t('auth.alreadyVerified', { email: user.email }) : t('page.loading')}</p>
        <a className="button" href={localizedPath(ROUTES.chat, locale)}>
          {t('notFound.search')}
        </a>
      </div>
    );

  return (
    <form className="auth-card auth-form" noValidate onSubmit={onSubmit}>
      <p>{email ? t('auth.verifyLead', { email }) : t('auth.verifyLeadNoEmail')}</p>
      <FormError message={errors.form} />
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setSwitchFrom(null);
          setSwitchConfirmed(false);
        }}
        error={errors.email}
      />
      <CodeField locale={locale} value={code} onChange={setCode} error={errors.code} />
      {needsPassword && (
        <>
          <p className="auth-note" role="status">
            {t('auth.passwordForCode')}
          </p>
          <Field
            // Shown after a click on verify: the next thing to fill in.
            autoFocus
            label={t('auth.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            maxLength={64}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            hint={<PasswordChecklist locale={locale} checks={passwordChecks(password)} empty={!password} />}
          />
        </>
      )}
      {switchFrom !== null ? (
        <div className="confirm-panel" role="group" aria-label={t('auth.switchTitle')}>
          <p>{t('auth.switchText', { current: switchFrom, email: email.trim() })}</p>
          <div className="confirm-actions">
            <button
              ref={keepButton}
              type="button"
              className="button button--quiet"
              onClick={() => setSwitchFrom(null)}
            >
              {t('auth.switchCancel')}
            </button>
            <button type="button" className="button" onClick={() => verify.trigger(true)}>
              {t('auth.switchConfirm')}
            </button>
          </div>
        </div>
      ) : (
        <SubmitButton
          locale={locale}
          busy={verify.busy}
          label={t(needsPassword ? 'auth.verifyWithPassword' : 'auth.verify')}
        />
      )}
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
