import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { passwordChecks, validatePasswordChange } from '../../lib/validation.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api/errors.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { FormError, SubmitButton } from '../ui/FormParts.tsx';
import { formErrors, type FormErrors } from './forms.ts';
import PasswordChecklist from './PasswordChecklist.tsx';
import './account.css';

/**
 * Change password from the account menu (docs/api.md POST /user/change_password): the current
 * password, the new one twice. The server ends the user's other sessions and hands this one a new
 * token, which the API client stores.
 */
export default function ChangePasswordPanel({ locale, onDone }: { locale: Locale; onDone: () => void }) {
  const t = useTranslations(locale);
  const user = useStore($userInfo);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const submit = useAction(async () => {
    const verdicts = validatePasswordChange({ current, next, confirm });
    setErrors(Object.fromEntries(Object.entries(verdicts).map(([field, key]) => [field, t(key)])));
    if (Object.keys(verdicts).length) return;
    try {
      await api.changePassword({ old_password: current, password: next }, { toast: false });
      showToast(t('password.changed'), { kind: 'success' });
      onDone();
    } catch (error) {
      // A wrong current password belongs beside its field; rate limits above the form.
      if (error instanceof ApiError && error.code === ErrorCode.BAD_CREDENTIALS)
        setErrors({ old_password: error.message });
      else setErrors(formErrors(error));
    }
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.trigger();
  };
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p>{t('password.lead')}</p>
      <FormError message={errors.form} />
      {/* Lets a password manager file the new password under this account. */}
      <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <Field
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        maxLength={64}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.old_password}
      />
      <Field
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.password}
        hint={<PasswordChecklist locale={locale} checks={passwordChecks(next)} empty={!next} />}
      />
      <Field
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <SubmitButton locale={locale} busy={submit.busy} label={t('password.submit')} />
    </form>
  );
}
