import { ErrorCode, type CompanyFile, type Envelope } from '../../../contract/api.ts';
import { pageLocale, pageT } from '../pageLocale.ts';
import { showToast } from '../toast.ts';
import { ApiError, RuntimeCode } from './errors.ts';
import { NEW_TOKEN_HEADER, apiUrl, apiToken, tokenRejected, tokenRenewed } from './client.ts';

export interface UploadOptions {
  clientId: string;
  /** Called with 0–1 as bytes go out (the progress bar of the upload modal). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** XMLHttpRequest or a stand-in (tests). */
  xhr?: () => XMLHttpRequest;
}

/**
 * POST /upload_file with real upload progress (fetch cannot report it). Fails with spec §8's
 * codes: 'file error' when the file cannot be read, 602001 on a network error, 600003 on abort,
 * or the server's code; errors show a toast like every other call.
 */
export async function uploadFile(
  file: Blob & { name: string },
  options: UploadOptions,
): Promise<CompanyFile> {
  const t = pageT();
  const fail = (error: ApiError): never => {
    if (error.code !== RuntimeCode.ABORT) showToast(error.message, { kind: 'error' });
    throw error;
  };
  try {
    await file.slice(0, 1).arrayBuffer();
  } catch {
    return fail(new ApiError(RuntimeCode.FILE_READ, t('errors.uploadFile')));
  }
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('clientId', options.clientId);

  const token = apiToken();
  const answer = await new Promise<Envelope<CompanyFile> | ApiError>((resolve) => {
    const xhr = options.xhr ? options.xhr() : new XMLHttpRequest();
    xhr.open('POST', apiUrl('/upload_file'));
    if (token) xhr.setRequestHeader('token', token);
    xhr.setRequestHeader('Accept-Language', pageLocale());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      tokenRenewed(token, xhr.getResponseHeader?.(NEW_TOKEN_HEADER));
      const body = xhr.response as Envelope<CompanyFile> | null;
      resolve(
        body && typeof body.code === 'number'
          ? body
          : new ApiError(
              xhr.status,
              t(xhr.status === 413 ? 'errors.default' : 'errors.requestFailed'),
              xhr.status,
            ),
      );
    };
    xhr.onerror = () => resolve(new ApiError(RuntimeCode.TRANSFER_NETWORK, t('errors.network')));
    xhr.onabort = () => resolve(new ApiError(RuntimeCode.ABORT, t('errors.requestFailed')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (answer instanceof ApiError) return fail(answer);
  // An expired session ends here like on every other call: logged out and sent to login.
  if (answer.code === ErrorCode.TOKEN_INVALID) tokenRejected(token);
  if (answer.code !== ErrorCode.OK)
    return fail(new ApiError(answer.code, answer.msg || t('errors.default'), undefined, answer.data));
  options.onProgress?.(1);
  return answer.data;
}
