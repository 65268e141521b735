import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { CompanyFile } from '../../../contract/api.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { localizedPath } from '../../i18n/paths.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import { isPreviewableImage, type UploadCandidate } from '../../lib/companyFiles.ts';
import { uploadLoginUrl } from '../../lib/uploadEntry.ts';
import { $companyInfo, $token } from '../../lib/stores/session.ts';
import {
  $upload,
  companyFileUrl,
  openUploads,
  refreshCompanyFiles,
  removeCompanyFile,
  takeFiles,
  uploadBusy,
} from '../../lib/stores/upload.ts';
import CompanyFiles from './CompanyFiles.tsx';
import ImageViewer from './ImageViewer.tsx';
import UploadDrop from './UploadDrop.tsx';
// Fetched when the modal first opens, not inlined into every page (React holds the render until it loads).
import uploadCss from './upload.css?url';

/**
 * The upload modal (spec §2 "Upload", §5): one file at a time by drop or pick, checked before it
 * goes, sent with a real progress bar and a cancel button; the company files with preview,
 * download and delete; the company info the server extracted from them.
 */
export default function UploadPanel({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const token = useStore($token);
  const info = useStore($companyInfo);
  const { loaded, status } = useStore($upload);
  const [dragOver, setDragOver] = useState(false);
  const [viewing, setViewing] = useState<{ file: CompanyFile; url: string } | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const ids = useId();

  // Closing the modal cancels an upload still running.
  useEffect(() => openUploads(Boolean($token.get())), []);

  if (!token) {
    return (
      <div className="upload">
        <link rel="stylesheet" href={uploadCss} precedence="upload" />
        <p>{t('upload.loginFirst')}</p>
        <a className="button" href={uploadLoginUrl(locale, location.pathname, location.search)}>
          {t('account.login')}
        </a>
      </div>
    );
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    const transfer = event.dataTransfer;
    const entries = [...transfer.items]
      .filter((item) => item.kind === 'file')
      .map((item) => item.webkitGetAsEntry?.() ?? null);
    const dropped = [...transfer.files];
    const candidates: UploadCandidate[] = dropped.map(({ name, size, type }, i) => ({
      name,
      size,
      type,
      isDirectory: entries[i]?.isDirectory ?? false,
    }));
    takeFiles(candidates, dropped, locale);
  };

  const onDragOver = (event: DragEvent) => {
    // Without this the browser would open a dropped file in place of the page.
    event.preventDefault();
    const busy = uploadBusy();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setDragOver(true);
  };

  const preview = async (file: CompanyFile, from: HTMLElement) => {
    const url = await companyFileUrl(file);
    if (!url) return;
    if (isPreviewableImage(file.mime)) {
      returnFocus.current = from;
      setViewing({ file, url });
      return;
    }
    // A download in a new tab; `noopener` keeps the page out of the file's reach.
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
    link.click();
  };

  const closeViewer = () => {
    setViewing(null);
    // The list comes back on the next frame; focus returns to the button that opened the viewer.
    requestAnimationFrame(() => returnFocus.current?.focus());
  };

  return (
    <div className="upload" onDragOver={onDragOver} onDragLeave={() => setDragOver(false)} onDrop={onDrop}>
      <link rel="stylesheet" href={uploadCss} precedence="upload" />
      {/* One live region for every outcome: the page's toasts sit outside the modal, which makes them inert. */}
      <div className="upload-status" role="status" aria-live="polite" aria-atomic="true">
        {status && <p className={`upload-status-text upload-status-text--${status.kind}`}>{status.text}</p>}
      </div>
      {/* After an upload: the profile read from the files, to check before an email states it (issue 33). */}
      {status?.kind === 'success' && !location.pathname.includes(ROUTES.profile) && (
        <p className="upload-review">
          <a href={localizedPath(ROUTES.profile, locale)}>{t('upload.reviewProfile')}</a>
        </p>
      )}

      {viewing && (
        <ImageViewer locale={locale} name={viewing.file.file_name} url={viewing.url} onClose={closeViewer} />
      )}

      <div className="upload-main" hidden={Boolean(viewing)}>
        <p className="upload-intro">{t('upload.intro')}</p>
        <UploadDrop locale={locale} dragOver={dragOver} />

        {loaded === 'failed' && !info ? (
          <p className="upload-failed">
            {t('upload.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void refreshCompanyFiles()}>
              {t('upload.retry')}
            </button>
          </p>
        ) : loaded === 'loading' && !info ? (
          <p>{t('page.loading')}</p>
        ) : (
          <>
            <CompanyFiles
              locale={locale}
              files={info?.files ?? []}
              onOpen={preview}
              onDelete={removeCompanyFile}
            />
            <div className="upload-company">
              <h3 id={`${ids}-company`}>{t('upload.companyText')}</h3>
              {info?.company_text.trim() ? (
                // Focusable so keyboard users can scroll it (it is read-only text, not a field).
                <div
                  className="upload-company-text"
                  tabIndex={0}
                  role="region"
                  aria-labelledby={`${ids}-company`}
                >
                  {info.company_text}
                </div>
              ) : (
                <p className="upload-company-empty">{t('upload.companyEmpty')}</p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
