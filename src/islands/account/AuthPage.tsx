import { useEffect, useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { localizedPath } from '../../i18n/paths.ts';
import { ROUTES, forgotPasswordPath } from '../../../contract/routes.ts';
import { passwordChecks, validateEmail, validatePassword, validateTerms } from '../../lib/validation.ts';
import {
  logIn,
  signUp,
  signupTokenFor,
  verifyPageFor,
  $verifyEmail,
  navigation,
} from '../../lib/stores/session.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { FormError } from '../ui/FormParts.tsx';
import { formErrors, queryParam, type FormErrors } from './forms.ts';
import PasswordChecklist from './PasswordChecklist.tsx';
import './account.css';

type Mode = 'login' | 'signup';

/** The login page: log in, or sign up (spec §4 "Login", "Signup"; §5 validation). */
export default function AuthPage({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [mode, setMode] = useState<Mode>(queryParam('mode') === 'signup' ? 'signup' : 'login');
  const [email, setEmail] = useState(queryParam('email') ?? '');
  const [password, setPassword] = useState('');
  const [invitation, setInvitation] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [unverified, setUnverified] = useState(false);
  // Arriving from a password reset (?reset=1): say it worked, once; a reload does not repeat it.
  const [resetDone] = useState(queryParam('reset') === '1');
  useEffect(() => {
    if (!resetDone) return;
    const url = new URL(location.href);
    url.searchParams.delete('reset');
    history.replaceState(history.state, '', url.pathname + url.search);
  }, [resetDone]);

  // The page's heading and title name the open tab (issue 35: the sign-up tab read 登录).
  useEffect(() => {
    const name = t(mode === 'signup' ? 'page.signup' : 'page.login');
    const heading = document.getElementById('page-title');
    if (heading) heading.textContent = name;
    document.title = `${name} | ${t('app.name')}`;
  }, [mode]);

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setUnverified(false);
    const url = new URL(location.href);
    if (next === 'signup') url.searchParams.set('mode', 'signup');
    else url.searchParams.delete('mode');
    history.replaceState(history.state, '', url.pathname + url.search);
  };

  const login = useAction(async () => {
    const local: FormErrors = {};
    const emailError = validateEmail(email);
    if (emailError) local.email = t(emailError);
    if (!password) local.password = t('validation.passwordRequired');
    setErrors(local);
    setUnverified(false);
    if (Object.keys(local).length) return;
    try {
      await logIn({ email: email.trim(), password }, { locale }, { toast: false });
    } catch (error) {
      const found = formErrors(error);
      setErrors(found);
      if ((error as { code?: number }).code === ErrorCode.EMAIL_NOT_VERIFIED) setUnverified(true);
    }
  });

  const signup = useAction(async () => {
    const local: FormErrors = {};
    const emailError = validateEmail(email);
    const passwordError = validatePassword(password);
    const termsError = validateTerms(agreed);
    if (emailError) local.email = t(emailError);
    if (passwordError) local.password = t(passwordError);
    if (termsError) local.terms = t(termsError);
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await signUp(
        {
          email: email.trim(),
          password,
          language: locale,
          ...(invitation.trim() ? { invitation_code: invitation.trim() } : {}),
        },
        { toast: false },
      );
      navigation.go(verifyPageFor(email.trim(), locale));
    } catch (error) {
      setErrors(formErrors(error));
    }
  });

  const resendVerification = useAction(async () => {
    const signupToken = signupTokenFor(email);
    await api.reverifyEmail({ email: email.trim(), ...(signupToken ? { signup_token: signupToken } : {}) });
    $verifyEmail.set(email.trim());
    navigation.go(verifyPageFor(email.trim(), locale));
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    (mode === 'login' ? login : signup).trigger();
  };
  const busy = login.busy || signup.busy;

  return (
    <div className="auth-card">
      <div className="auth-tabs" role="tablist" aria-label={t('auth.modes')}>
        {(['login', 'signup'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`tab-${m}`}
            aria-selected={mode === m}
            aria-controls="auth-panel"
            className="auth-tab"
            onClick={() => switchMode(m)}
          >
            {t(m === 'login' ? 'auth.login' : 'auth.signup')}
          </button>
        ))}
      </div>
      {/* The tab panel holds the form (a <form> cannot take the tabpanel role: axe's aria-allowed-role). */}
      <div id="auth-panel" role="tabpanel" aria-labelledby={`tab-${mode}`}>
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          {resetDone && mode === 'login' && (
            <p className="notice" role="status">
              {t('auth.passwordChanged')}
            </p>
          )}
          <FormError message={errors.form} />
          {unverified && (
            <p className="auth-unverified">
              {/* A code already in the mailbox: straight to the verification page, no new email. */}
              <a href={verifyPageFor(email.trim(), locale)} onClick={() => $verifyEmail.set(email.trim())}>
                {t('auth.verifyNow')}
              </a>
              <button
                type="button"
                className="link-button"
                onClick={() => resendVerification.trigger()}
                disabled={resendVerification.busy}
              >
                {t('auth.resendVerification')}
              </button>
            </p>
          )}
          <Field
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <Field
            label={t('auth.password')}
            type="password"
            name="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            maxLength={64}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            hint={
              mode === 'signup' ? (
                <PasswordChecklist locale={locale} checks={passwordChecks(password)} empty={!password} />
              ) : undefined
            }
          />
          {mode === 'signup' && (
            <>
              <Field
                label={t('auth.invitationCode')}
                name="invitation_code"
                autoComplete="off"
                maxLength={32}
                value={invitation}
                onChange={(event) => setInvitation(event.target.value)}
                error={errors.invitation_code}
              />
              <div className="field field-check">
                <input
                  id="auth-terms"
                  type="checkbox"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? 'auth-terms-error' : undefined}
                />
                <label htmlFor="auth-terms">
                  {t('auth.agreePrefix')}
                  <a href={localizedPath(ROUTES.terms, locale)} target="_blank" rel="noopener">
                    {t('footer.terms')}
                  </a>
                  {t('auth.agreeAnd')}
                  <a href={localizedPath(ROUTES.privacy, locale)} target="_blank" rel="noopener">
                    {t('footer.privacy')}
                  </a>
                </label>
                {errors.terms && (
                  <p id="auth-terms-error" className="field-error" role="alert">
                    {errors.terms}
                  </p>
                )}
              </div>
            </>
          )}
          <button className="button auth-submit" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? t('page.loading') : t(mode === 'login' ? 'auth.login' : 'auth.createAccount')}
          </button>
          {mode === 'login' && (
            <p className="auth-aside">
              <a href={forgotPasswordPath(locale, email.trim())}>{t('auth.forgot')}</a>
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
