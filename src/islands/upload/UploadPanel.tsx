import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import type { CompanyFile } from '../../../contract/api.ts';
import { MAX_UPLOAD_BYTES } from '../../../contract/limits.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useTranslations } from '../../i18n/index.ts';
import * as api from '../../lib/api/calls.ts';
import { ApiError, RuntimeCode } from '../../lib/api/errors.ts';
import { uploadFile } from '../../lib/api/upload.ts';
import {
  checkUpload,
  formatFileSize,
  isPreviewableImage,
  UPLOAD_ACCEPT,
  type UploadCandidate,
} from '../../lib/companyFiles.ts';
import { uploadLoginUrl } from '../../lib/uploadEntry.ts';
import { $companyInfo, $token, getClientId, loadCompanyInfo } from '../../lib/stores/session.ts';
import CompanyFiles from './CompanyFiles.tsx';
import ImageViewer from './ImageViewer.tsx';
// Fetched when the modal first opens, not inlined into every page (React holds the render until it loads).
import uploadCss from './upload.css?url';

type Status = { kind: 'info' | 'success' | 'error'; text: string };
type Upload = { name: string; fraction: number; done: boolean };

/**
 * The upload modal (spec §2 "Upload", §5): one file at a time by drop or pick, checked before it
 * goes, sent with a real progress bar and a cancel button; the company files with preview,
 * download and delete; the company info the server extracted from them.
 */
export default function UploadPanel({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const token = useStore($token);
  const info = useStore($companyInfo);
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [status, setStatus] = useState<Status | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [viewing, setViewing] = useState<{ file: CompanyFile; url: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const ids = useId();
  const busy = Boolean(upload && !upload.done);

  const refresh = async () => {
    const next = await loadCompanyInfo();
    setLoaded(next ? 'ready' : 'failed');
  };
  useEffect(() => {
    if ($token.get()) void refresh();
    // Closing the modal cancels an upload still running.
    return () => abort.current?.abort();
  }, []);

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

  const files = info?.files ?? [];
  const failure = (error: unknown) =>
    setStatus({ kind: 'error', text: error instanceof ApiError ? error.message : t('errors.default') });

  const send = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    const name = file.name;
    setUpload({ name, fraction: 0, done: false });
    setStatus({ kind: 'info', text: t('upload.progress', { name }) });
    try {
      await uploadFile(file, {
        clientId: getClientId(),
        signal: controller.signal,
        onProgress: (fraction) => setUpload((now) => now && { ...now, fraction }),
      });
      // Keep $companyInfo in sync: the new file and the text taken from it.
      await refresh();
      setUpload({ name, fraction: 1, done: true });
      setStatus({ kind: 'success', text: t('upload.done', { name }) });
    } catch (error) {
      setUpload(null);
      if (error instanceof ApiError && error.code === RuntimeCode.ABORT)
        setStatus({ kind: 'info', text: t('upload.cancelled', { name }) });
      else failure(error);
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  /** Checks a pick or a drop (spec §5) and sends it, or says why not. */
  const take = (candidates: UploadCandidate[], picked: File[]) => {
    if (candidates.length === 0) return;
    if (busy) {
      setStatus({ kind: 'error', text: t('upload.busy') });
      return;
    }
    const refusal = checkUpload(
      candidates,
      files.map((file) => file.file_name),
      locale,
    );
    if (refusal) {
      setUpload(null);
      setStatus({ kind: 'error', text: t(refusal.key, refusal.params) });
      return;
    }
    void send(picked[0]!);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared so that picking the same file again (after fixing it) fires a change.
    event.target.value = '';
    take(
      picked.map(({ name, size, type }) => ({ name, size, type })),
      picked,
    );
  };

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
    take(candidates, dropped);
  };

  const onDragOver = (event: DragEvent) => {
    // Without this the browser would open a dropped file in place of the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setDragOver(true);
  };

  const preview = async (file: CompanyFile, from: HTMLElement) => {
    try {
      const { url } = await api.getS3Url({ file_id: file.file_id }, { toast: false });
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
    } catch (error) {
      failure(error);
    }
  };

  const remove = async (file: CompanyFile) => {
    try {
      await api.deleteFile({ file_id: file.file_id }, { toast: false });
      await refresh();
      if (upload?.name === file.file_name) setUpload(null);
      setStatus({ kind: 'success', text: t('upload.deleted', { name: file.file_name }) });
      return true;
    } catch (error) {
      failure(error);
      return false;
    }
  };

  const closeViewer = () => {
    setViewing(null);
    // The list comes back on the next frame; focus returns to the button that opened the viewer.
    requestAnimationFrame(() => returnFocus.current?.focus());
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
    <div className="upload" onDragOver={onDragOver} onDragLeave={() => setDragOver(false)} onDrop={onDrop}>
      <link rel="stylesheet" href={uploadCss} precedence="upload" />
      {/* One live region for every outcome: the page's toasts sit outside the modal, which makes them inert. */}
      <div className="upload-status" role="status" aria-live="polite" aria-atomic="true">
        {status && <p className={`upload-status-text upload-status-text--${status.kind}`}>{status.text}</p>}
      </div>

      {viewing && (
        <ImageViewer locale={locale} name={viewing.file.file_name} url={viewing.url} onClose={closeViewer} />
      )}

      <div className="upload-main" hidden={Boolean(viewing)}>
        <p className="upload-intro">{t('upload.intro')}</p>
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
                <button type="button" className="button button--quiet" onClick={() => abort.current?.abort()}>
                  {t('upload.cancel')}
                </button>
              )}
            </div>
          </div>
        )}

        {loaded === 'failed' && !info ? (
          <p className="upload-failed">
            {t('upload.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void refresh()}>
              {t('upload.retry')}
            </button>
          </p>
        ) : loaded === 'loading' && !info ? (
          <p>{t('page.loading')}</p>
        ) : (
          <>
            <CompanyFiles locale={locale} files={files} onOpen={preview} onDelete={remove} />
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
