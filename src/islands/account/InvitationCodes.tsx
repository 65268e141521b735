import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { InvitationCode } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { counted } from '../../lib/format.ts';
import { useTranslations } from '../../i18n/index.ts';
import {
  DESKTOP_MIN_WIDTH,
  INVITATION_MAX_QUANTITY,
  INVITATION_MIN_QUANTITY,
  INVITATION_PREFIX_LENGTH,
} from '../../lib/constants.ts';
import { $windowWidth } from '../../lib/stores/device.ts';
import { useDateTime } from '../ui/useDateTime.ts';
import { copyText } from '../../lib/clipboard.ts';
import { validateInvitationPrefix, validateInvitationQuantity } from '../../lib/validation.ts';
import { showToast } from '../../lib/toast.ts';
import * as api from '../../lib/api/calls.ts';
import Field from '../ui/Field.tsx';
import { useAction } from '../ui/useAction.ts';
import { formErrors } from './forms.ts';
import { useSession } from './useSession.ts';
import './account.css';

/** Agents generate invitation codes (spec §1, §5, §6); everyone else is told it is for agents. */
export default function InvitationCodes({ locale }: { locale: Locale }) {
  const formatDateTime = useDateTime();
  const t = useTranslations(locale);
  const { user } = useSession();
  const [prefix, setPrefix] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<{ prefix?: string; quantity?: string }>({});
  const [codes, setCodes] = useState<InvitationCode[] | null>(null);
  const isAgent = user?.is_agent === 1;
  // Phones get one card a code: the five columns scrolled sideways at 390 px (issue 35).
  const wide = (useStore($windowWidth) ?? 0) >= DESKTOP_MIN_WIDTH;
  const copyButton = (code: InvitationCode) => (
    <button
      type="button"
      className="link-button"
      onClick={() => void copyText(code.code, t)}
      aria-label={`${t('invite.copy')} ${code.code}`}
    >
      {t('invite.copy')}
    </button>
  );

  useEffect(() => {
    if (isAgent) void api.invitationCodeList().then(setCodes, () => setCodes([]));
  }, [isAgent]);

  const generate = useAction(async () => {
    const prefixError = validateInvitationPrefix(prefix);
    const quantityError = validateInvitationQuantity(quantity);
    const local = {
      ...(prefixError ? { prefix: t(prefixError) } : {}),
      ...(quantityError ? { quantity: t(quantityError) } : {}),
    };
    setErrors(local);
    if (prefixError || quantityError) return;
    try {
      const created = await api.generateInvitationCode(
        { prefix: prefix.trim(), quantity: Number(quantity) },
        { toast: false },
      );
      showToast(counted(t, 'invite.generated', created.length, locale), { kind: 'success' });
      setCodes(await api.invitationCodeList());
    } catch (error) {
      const found = formErrors(error);
      setErrors({ ...(found.form ? { prefix: found.form } : {}), ...found });
    }
  });

  if (!user) return <p>{t('page.loading')}</p>;
  if (!isAgent) {
    return (
      <p className="notice" role="alert">
        {t('invite.agentsOnly')}
      </p>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    generate.trigger();
  };
  return (
    <div className="invite">
      <form className="invite-form" noValidate onSubmit={onSubmit}>
        <Field
          label={t('invite.prefix')}
          maxLength={INVITATION_PREFIX_LENGTH}
          autoComplete="off"
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
          error={errors.prefix}
          hint={t('invite.prefixHint')}
        />
        <Field
          label={t('invite.quantity')}
          type="number"
          inputMode="numeric"
          min={INVITATION_MIN_QUANTITY}
          max={INVITATION_MAX_QUANTITY}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={errors.quantity}
        />
        <button className="button" type="submit" disabled={generate.busy} aria-busy={generate.busy}>
          {generate.busy ? t('page.loading') : t('invite.generate')}
        </button>
      </form>
      <h2 className="invite-list-title">{t('invite.list')}</h2>
      {codes === null ? (
        <p>{t('page.loading')}</p>
      ) : codes.length === 0 ? (
        <p>{t('invite.empty')}</p>
      ) : !wide ? (
        <ul className="invite-cards">
          {codes.map((code) => (
            <li key={code.code}>
              <p className="invite-card-head">
                <span className="mono">{code.code}</span>
                {copyButton(code)}
              </p>
              <dl>
                <dt>{t('invite.state')}</dt>
                <dd>{t(code.state === 'used' ? 'invite.used' : 'invite.unused')}</dd>
                <dt>{t('invite.usedBy')}</dt>
                <dd>{code.used_by ?? '--'}</dd>
                <dt>{t('invite.created')}</dt>
                <dd>{formatDateTime(code.created_at)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="table-scroll">
          <table className="invite-table">
            <thead>
              <tr>
                <th scope="col">{t('invite.code')}</th>
                <th scope="col">{t('invite.state')}</th>
                <th scope="col">{t('invite.usedBy')}</th>
                <th scope="col">{t('invite.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('invite.copy')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.code}>
                  <td className="mono">{code.code}</td>
                  <td>{t(code.state === 'used' ? 'invite.used' : 'invite.unused')}</td>
                  <td>{code.used_by ?? '--'}</td>
                  <td>{formatDateTime(code.created_at)}</td>
                  <td>{copyButton(code)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
