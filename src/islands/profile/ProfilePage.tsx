import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import {
  $profilePage,
  loadProfile,
  profileFilesChanged,
  rereadFiles,
  saveProfile,
} from '../../lib/stores/profile.ts';
import { $companyInfo } from '../../lib/stores/session.ts';
import { FormError } from '../ui/FormParts.tsx';
import { useAction } from '../ui/useAction.ts';
import { openUpload } from '../upload/openUpload.ts';
import { ChoiceGroups, MoqInput, TextInput } from './ProfileFields.tsx';
import ProfileProducts from './ProfileProducts.tsx';
import '../account/account.css';
import './profile.css';

/**
 * The seller profile page (issue 15): what outreach emails may say about the user's company and
 * how they are signed. Filled in from the company files; fields that came from them are marked
 * until the user changes them. Every value is rendered as text.
 */
export default function ProfilePage({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const page = useStore($profilePage);
  const save = useAction(saveProfile);
  const reread = useAction(rereadFiles);
  useEffect(() => void loadProfile(), []);
  // An upload or delete in the files modal fills the profile in again on the server.
  useEffect(() => $companyInfo.listen(() => void profileFilesChanged()), []);

  if (page.state === 'loading') return <p>{t('page.loading')}</p>;
  if (page.state === 'failed' || !page.profile || !page.draft)
    return (
      <p className="form-error" role="alert">
        {t('profile.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void loadProfile()}>
          {t('profile.retry')}
        </button>
      </p>
    );
  const { profile, notice } = page;
  const text = (
    field: Parameters<typeof TextInput>[0]['field'],
    extra: Partial<Parameters<typeof TextInput>[0]> = {},
  ) => <TextInput locale={locale} page={page} field={field} {...extra} />;
  return (
    <div className="profile">
      <p className="profile-intro">{t('profile.intro')}</p>
      <div className="profile-files">
        <p>
          {profile.files_read > 0
            ? t('profile.readFrom', {
                count: profile.files_read,
                reader: t(profile.read_by === 'llm' ? 'profile.reader.llm' : 'profile.reader.builtin'),
              })
            : t('profile.readNone')}
        </p>
        <div className="profile-files-actions">
          <button type="button" className="button button--quiet" onClick={() => openUpload()}>
            {t('profile.upload')}
          </button>
          {profile.files_read > 0 && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => reread.trigger()}
              disabled={reread.busy}
              aria-busy={reread.busy}
              aria-describedby="profile-reread-hint"
            >
              {t('profile.reread')}
            </button>
          )}
        </div>
        {profile.files_read > 0 && (
          <p id="profile-reread-hint" className="field-hint">
            {t('profile.rereadHint')}
          </p>
        )}
      </div>

      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.trigger();
        }}
      >
        <fieldset className="profile-group">
          <legend>{t('profile.company')}</legend>
          {text('company_zh')}
          {text('company_en', { hint: t('profile.company_enHint') })}
          {text('website', { type: 'url' })}
        </fieldset>
        <ProfileProducts
          locale={locale}
          products={page.draft.products}
          suggestions={page.suggestions}
          fromFiles={profile.from_files.includes('products')}
          sources={profile.sources.products}
        />
        <ChoiceGroups locale={locale} page={page} />
        <MoqInput locale={locale} page={page} />
        <fieldset className="profile-group" aria-describedby="profile-signature-hint">
          <legend>{t('profile.signature')}</legend>
          <p id="profile-signature-hint" className="field-hint">
            {t('profile.signatureHint')}
          </p>
          <div className="profile-pair">
            {text('name_zh')}
            {text('name_en')}
          </div>
          <div className="profile-pair">
            {text('title_zh')}
            {text('title_en')}
          </div>
          {text('phone', { type: 'tel' })}
          {text('wechat')}
          {text('whatsapp', { type: 'tel' })}
        </fieldset>
        {notice?.kind === 'error' && <FormError message={notice.text} />}
        {notice?.kind === 'success' && (
          <p className="profile-saved" role="status">
            {notice.text}
          </p>
        )}
        <button className="button" type="submit" disabled={save.busy} aria-busy={save.busy}>
          {save.busy ? t('page.loading') : t('profile.save')}
        </button>
      </form>
    </div>
  );
}
