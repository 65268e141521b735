import type { ReactNode } from 'react';
import type { ProfileSources } from '../../../contract/api.ts';
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
    /** The line of the files a one-value field was read in, while it holds what they say. */
    source: (field: keyof ProfileSources['fields']) => page.profile?.sources.fields[field] ?? '',
  };
}

/** A line of the user's files, quoted as written (its own language). */
export function SourceLine({ locale, line }: { locale: Locale; line: string }) {
  const t = useTranslations(locale);
  return (
    <span className="profile-source">
      {t('profile.source')} <q>{line}</q>
    </span>
  );
}

/**
 * Where the files name each item of a list field (products, selling points, certifications): a
 * disclosure listing each item with its line, shown when at least one has one.
 */
export function SourceList({
  locale,
  items,
}: {
  locale: Locale;
  items: { key: string; label: string; line: string | undefined }[];
}) {
  const t = useTranslations(locale);
  const quoted = items.filter((item) => item.line);
  if (!quoted.length) return null;
  return (
    <details className="profile-sources">
      <summary>{t('profile.sources', { count: quoted.length })}</summary>
      <ul>
        {quoted.map((item) => (
          <li key={item.key}>
            <span className="profile-sources-item">{item.label}</span> <q>{item.line}</q>
          </li>
        ))}
      </ul>
    </details>
  );
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
  const line = marked ? state.source(field) : '';
  const text = marked ? (
    <>
      <span className="profile-from-files">{t('profile.fromFiles')}</span>
      {line && <SourceLine locale={locale} line={line} />}
    </>
  ) : null;
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
      <SourceList
        locale={locale}
        items={options
          .filter((option) => (draft[field] as readonly string[]).includes(option))
          .map((option) => ({
            key: option,
            label: label(option),
            line: (page.profile?.sources[field] as Partial<Record<string, string>> | undefined)?.[option],
          }))}
      />
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
  const otherMoq = page.profile?.sources.other_moq ?? [];
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
        {state.fromFiles('moq') && state.source('moq') && (
          <>
            <SourceLine locale={locale} line={state.source('moq')} />{' '}
          </>
        )}
        {t('profile.moqHint')}
      </p>
      {otherMoq.length > 0 && (
        <div className="profile-conflict" role="note">
          <p>{t('profile.otherMoq')}</p>
          <ul>
            {otherMoq.map((line) => (
              <li key={line}>
                <q>{line}</q>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
