import { useStore } from '@nanostores/react';
import { useId, type ChangeEvent } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../contract/limits.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { formatFileSize, UPLOAD_ACCEPT } from '../../lib/companyFiles.ts';
import { $upload, cancelUpload, takeFiles } from '../../lib/stores/upload.ts';

/** The drop zone and file picker, with the running upload's progress bar and cancel button. */
export default function UploadDrop({ locale, dragOver }: { locale: Locale; dragOver: boolean }) {
  const t = useTranslations(locale);
  const ids = useId();
  const { upload } = useStore($upload);
  const busy = Boolean(upload && !upload.done);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared so that picking the same file again (after fixing it) fires a change.
    event.target.value = '';
    takeFiles(
      picked.map(({ name, size, type }) => ({ name, size, type })),
      picked,
      locale,
    );
  };

  const percent = Math.round((upload?.fraction ?? 0) * 100);
  const progressLabel = !upload
    ? ''
    : upload.done
      ? t('upload.done', { name: upload.name })
      : upload.fraction >= 1
        ? t('upload.processing', { name: upload.name })
        : t('upload.progress', { name: upload.name });

  return (
    <>
      <div
        className={`upload-drop${dragOver ? ' upload-drop--over' : ''}${busy ? ' upload-drop--busy' : ''}`}
      >
        <input
          id={`${ids}-input`}
          className="visually-hidden"
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-describedby={`${ids}-hint`}
          // Never disabled: a focused input that turns disabled drops keyboard focus mid-upload.
          onChange={onPick}
        />
        <label htmlFor={`${ids}-input`} className="upload-drop-label">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            aria-hidden="true"
          >
            <path d="M12 16V4m0 0L7 9m5-5 5 5M4 16v4h16v-4" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span>{t('upload.drop')}</span>
        </label>
        <p id={`${ids}-hint`} className="upload-hint">
          {t('upload.hint', { size: formatFileSize(MAX_UPLOAD_BYTES, locale) })}
        </p>
      </div>

      {upload && (
        <div className="upload-progress">
          <label htmlFor={`${ids}-progress`}>{progressLabel}</label>
          <div className="upload-progress-row">
            <progress id={`${ids}-progress`} max={100} value={percent}>
              {percent}%
            </progress>
            <span className="upload-percent" aria-hidden="true">
              {percent}%
            </span>
            {!upload.done && (
              <button type="button" className="button button--quiet" onClick={cancelUpload}>
                {t('upload.cancel')}
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}
