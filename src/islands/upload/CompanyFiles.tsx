import { useId, useRef, useState } from 'react';
import type { CompanyFile } from '../../../contract/api.ts';
import { MAX_FILES_PER_ACCOUNT } from '../../../contract/limits.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { formatFileSize, isPreviewableImage } from '../../lib/companyFiles.ts';
import { formatDateTime } from '../../lib/dates.ts';

export interface CompanyFilesProps {
  locale: Locale;
  files: CompanyFile[];
  /** Preview (images) or download (other files); `from` gets focus back when a preview closes. */
  onOpen: (file: CompanyFile, from: HTMLElement) => Promise<void>;
  /** Deletes after the user confirmed; resolves true when the file is gone. */
  onDelete: (file: CompanyFile) => Promise<boolean>;
}

/** The company files: name, size, date (spec §9 format), preview or download, delete after a confirm. */
export default function CompanyFiles({ locale, files, onOpen, onDelete }: CompanyFilesProps) {
  const t = useTranslations(locale);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  const focusDeleteButton = (id: string) =>
    requestAnimationFrame(() =>
      heading.current?.parentElement
        ?.querySelector<HTMLButtonElement>(`[data-delete="${CSS.escape(id)}"]`)
        ?.focus(),
    );

  return (
    <div className="upload-files-block">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('upload.files', { count: files.length, max: MAX_FILES_PER_ACCOUNT })}
      </h3>
      {files.length === 0 ? (
        <p>{t('upload.noFiles')}</p>
      ) : (
        <ul className="upload-files" aria-labelledby={headingId}>
          {files.map((file) => {
            const name = file.file_name;
            const image = isPreviewableImage(file.mime);
            return (
              <li key={file.file_id} className="upload-file">
                <div className="upload-file-about">
                  <span className="upload-file-name">{name}</span>
                  <span className="upload-file-meta">
                    {formatFileSize(file.size, locale)} ·{' '}
                    <time dateTime={file.created_at}>{formatDateTime(file.created_at)}</time>
                  </span>
                </div>
                {confirming === file.file_id ? (
                  <div className="upload-confirm" role="group" aria-labelledby={`${headingId}-confirm`}>
                    <p id={`${headingId}-confirm`}>{t('upload.confirmDelete', { name })}</p>
                    <div className="upload-confirm-actions">
                      <button
                        type="button"
                        className="button button--quiet"
                        autoFocus
                        onClick={() => {
                          setConfirming(null);
                          focusDeleteButton(file.file_id);
                        }}
                      >
                        {t('upload.keep')}
                      </button>
                      <button
                        type="button"
                        className="button upload-danger"
                        disabled={working}
                        aria-busy={working}
                        onClick={async () => {
                          setWorking(true);
                          const gone = await onDelete(file);
                          setWorking(false);
                          setConfirming(null);
                          if (gone) heading.current?.focus();
                          else focusDeleteButton(file.file_id);
                        }}
                      >
                        {t('upload.confirmYes')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="upload-file-actions">
                    <button
                      type="button"
                      className="button button--quiet"
                      aria-label={t(image ? 'upload.previewName' : 'upload.downloadName', { name })}
                      onClick={(event) => void onOpen(file, event.currentTarget)}
                    >
                      {t(image ? 'upload.preview' : 'upload.download')}
                    </button>
                    <button
                      type="button"
                      className="button button--quiet"
                      data-delete={file.file_id}
                      aria-label={t('upload.deleteName', { name })}
                      onClick={() => setConfirming(file.file_id)}
                    >
                      {t('upload.delete')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
