import type { ReactNode } from 'react';
import {
  CERTIFICATIONS,
  MOQ_UNITS,
  STRENGTHS,
  type MoqUnit,
  type ProfileField,
} from '../../../contract/profile.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations, type UIKey } from '../../i18n/index.ts';
import { toggled, type ProfileDraft } from '../../lib/profile.ts';
import { editProfile, type ProfilePage } from '../../lib/stores/profile.ts';
import Field from '../ui/Field.tsx';

type TextField = Exclude<
  keyof ProfileDraft,
  'products' | 'strengths' | 'certifications' | 'moqQuantity' | 'moqUnit'
>;

/** What the form knows of each field: its message (the browser's check, else the server's) and whether it came from files. */
export function useFieldState(locale: Locale, page: ProfilePage) {
  const t = useTranslations(locale);
  return {
    error: (field: ProfileField) => {
      const problem = page.problems[field];
      return problem ? t(problem.key, problem.params) : page.refused[field];
    },
    fromFiles: (field: ProfileField) => page.profile?.from_files.includes(field) ?? false,
  };
}

/** A one-line text field of the profile, marked when its value came from the files. */
export function TextInput({
  locale,
  page,
  field,
  hint,
  type = 'text',
}: {
  locale: Locale;
  page: ProfilePage;
  field: TextField;
  hint?: ReactNode;
  type?: 'text' | 'tel' | 'url';
}) {
  const t = useTranslations(locale);
  const state = useFieldState(locale, page);
  const marked = state.fromFiles(field);
  const text = marked ? <span className="profile-from-files">{t('profile.fromFiles')}</span> : null;
  return (
    <Field
      label={t(`profile.${field}` as UIKey)}
      type={type}
      value={page.draft?.[field] ?? ''}
      onChange={(event) => editProfile({ [field]: event.target.value })}
      error={state.error(field)}
      hint={
        hint || text ? (
          <>
            {text} {hint}
          </>
        ) : undefined
      }
      lang={field.endsWith('_zh') ? 'zh-CN' : field.endsWith('_en') ? 'en' : undefined}
    />
  );
}

/** Strengths and certifications: checkbox groups from the fixed lists (each says the same in every email language). */
export function ChoiceGroups({ locale, page }: { locale: Locale; page: ProfilePage }) {
  const t = useTranslations(locale);
  const state = useFieldState(locale, page);
  const draft = page.draft!;
  const group = <T extends string>(
    field: 'strengths' | 'certifications',
    options: readonly T[],
    label: (option: T) => string,
  ) => (
    <fieldset className="profile-group">
      <legend>
        {t(`profile.${field}`)}
        {state.fromFiles(field) && <span className="profile-from-files">{t('profile.fromFiles')}</span>}
      </legend>
      <ul className="profile-checks">
        {options.map((option) => (
          <li key={option}>
            <label>
              <input
                type="checkbox"
                checked={(draft[field] as readonly string[]).includes(option)}
                onChange={() => editProfile({ [field]: toggled(draft[field] as readonly string[], option) })}
              />
              {label(option)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
  return (
    <>
      {group('strengths', STRENGTHS, (s) => t(`profile.strength.${s}` as UIKey))}
      {group('certifications', CERTIFICATIONS, (c) => c)}
    </>
  );
}

/** The minimum order: a whole number and its unit, or nothing. */
export function MoqInput({ locale, page }: { locale: Locale; page: ProfilePage }) {
  const t = useTranslations(locale);
  const state = useFieldState(locale, page);
  const draft = page.draft!;
  const error = state.error('moq');
  return (
    <fieldset className="profile-group profile-moq" aria-describedby="profile-moq-hint">
      <legend>
        {t('profile.moq')}
        {state.fromFiles('moq') && <span className="profile-from-files">{t('profile.fromFiles')}</span>}
      </legend>
      <div className="profile-moq-row">
        <Field
          label={t('profile.moqQuantity')}
          inputMode="numeric"
          value={draft.moqQuantity}
          onChange={(event) => editProfile({ moqQuantity: event.target.value })}
          error={error}
        />
        <div className="field">
          <label htmlFor="profile-moq-unit">{t('profile.moqUnit')}</label>
          <select
            id="profile-moq-unit"
            value={draft.moqUnit}
            onChange={(event) => editProfile({ moqUnit: event.target.value as MoqUnit })}
          >
            {MOQ_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`profile.unit.${unit}` as UIKey)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="profile-moq-hint" className="field-hint">
        {t('profile.moqHint')}
      </p>
    </fieldset>
  );
}
