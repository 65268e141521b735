import { atom } from 'nanostores';
import { patch } from './patch.ts';
import type { CompanyFile } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import * as api from '../api/calls.ts';
import { ApiError, RuntimeCode } from '../api/errors.ts';
import { uploadFile } from '../api/upload.ts';
import { checkUpload, type UploadCandidate } from '../companyFiles.ts';
import { pageT } from '../pageLocale.ts';
import { $companyInfo, getClientId, loadCompanyInfo } from './session.ts';

/** What the upload modal says in its live region. */
export interface UploadStatus {
  kind: 'info' | 'success' | 'error';
  text: string;
}

/** The modal's state (spec §2 "Upload", §5): the company files' load, the running upload, the last outcome. */
export interface UploadState {
  loaded: 'loading' | 'ready' | 'failed';
  status: UploadStatus | null;
  /** The file being sent (fraction 0 to 1), or the last one sent (done). */
  upload: { name: string; fraction: number; done: boolean } | null;
}

export const $upload = atom<UploadState>({ loaded: 'loading', status: null, upload: null });

let abort: AbortController | null = null;

const say = (kind: UploadStatus['kind'], text: string) => patch($upload, { status: { kind, text } });
const failure = (error: unknown) =>
  say('error', error instanceof ApiError ? error.message : pageT()('errors.default'));

/** An upload is running (a second one is refused). */
export const uploadBusy = () => {
  const { upload } = $upload.get();
  return Boolean(upload && !upload.done);
};

/** Reloads the company files and text ($companyInfo). */
export async function refreshCompanyFiles(): Promise<void> {
  const next = await loadCompanyInfo();
  patch($upload, { loaded: next ? 'ready' : 'failed' });
}

const fresh = (): UploadState => ({ loaded: 'loading', status: null, upload: null });

/** Opens the modal afresh: the files load; closing it (the returned function) cancels an upload. */
export function openUploads(loggedIn: boolean): () => void {
  $upload.set(fresh());
  if (loggedIn) void refreshCompanyFiles();
  return closeUploads;
}

/** The modal closed: an upload still running stops, and the next opening starts afresh. */
function closeUploads(): void {
  const running = abort;
  abort = null;
  running?.abort();
  $upload.set(fresh());
}

/** Stops the upload that is running, if any. */
export function cancelUpload(): void {
  abort?.abort();
}

async function send(file: File): Promise<void> {
  const t = pageT();
  const controller = new AbortController();
  abort = controller;
  const name = file.name;
  patch($upload, { upload: { name, fraction: 0, done: false } });
  say('info', t('upload.progress', { name }));
  try {
    await uploadFile(file, {
      clientId: getClientId(),
      signal: controller.signal,
      onProgress: (fraction) => {
        const now = $upload.get().upload;
        if (now) patch($upload, { upload: { ...now, fraction } });
      },
    });
    // Keep $companyInfo in sync: the new file and the text taken from it.
    await refreshCompanyFiles();
    if (abort !== controller) return; // the modal was closed meanwhile
    patch($upload, { upload: { name, fraction: 1, done: true } });
    say('success', t('upload.done', { name }));
  } catch (error) {
    if (abort !== controller) return;
    patch($upload, { upload: null });
    if (error instanceof ApiError && error.code === RuntimeCode.ABORT)
      say('info', t('upload.cancelled', { name }));
    else failure(error);
  } finally {
    if (abort === controller) abort = null;
  }
}

/** Checks a pick or a drop (spec §5) and sends its file, or says why not. */
export function takeFiles(candidates: UploadCandidate[], picked: File[], locale: Locale): void {
  if (candidates.length === 0) return;
  if (uploadBusy()) return say('error', pageT()('upload.busy'));
  const files = $companyInfo.get()?.files ?? [];
  const refusal = checkUpload(
    candidates,
    files.map((file) => file.file_name),
    locale,
  );
  if (refusal) {
    patch($upload, { upload: null });
    return say('error', pageT()(refusal.key, refusal.params));
  }
  void send(picked[0]!);
}

/** Deletes a company file; resolves to whether it went. */
export async function removeCompanyFile(file: CompanyFile): Promise<boolean> {
  try {
    await api.deleteFile({ file_id: file.file_id }, { toast: false });
    await refreshCompanyFiles();
    if ($upload.get().upload?.name === file.file_name) patch($upload, { upload: null });
    say('success', pageT()('upload.deleted', { name: file.file_name }));
    return true;
  } catch (error) {
    failure(error);
    return false;
  }
}

/** The address to view or download a company file from, or null (the modal says why). */
export async function companyFileUrl(file: CompanyFile): Promise<string | null> {
  try {
    return (await api.getS3Url({ file_id: file.file_id }, { toast: false })).url;
  } catch (error) {
    failure(error);
    return null;
  }
}
