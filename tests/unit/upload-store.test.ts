import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyInfo } from '../../contract/api.ts';
import { ApiError, RuntimeCode } from '@/lib/api/errors.ts';

// The API is stubbed: each test says what the server answers.
vi.mock('@/lib/api/calls.ts', () => ({ getFile: vi.fn(), deleteFile: vi.fn(), getS3Url: vi.fn() }));
vi.mock('@/lib/api/upload.ts', () => ({ uploadFile: vi.fn() }));

const api = await import('@/lib/api/calls.ts');
const { uploadFile } = await import('@/lib/api/upload.ts');
const upload = await import('@/lib/stores/upload.ts');
const { $companyInfo } = await import('@/lib/stores/session.ts');

const info = (...names: string[]): CompanyInfo =>
  ({
    client_id: 'c',
    company_text: '',
    files: names.map((file_name, i) => ({ file_id: `f${i}`, file_name, mime: 'application/pdf' })),
  }) as never;

const pdf = (name = 'profile.pdf') => ({ name, size: 1000, type: 'application/pdf' });
const pick = (name = 'profile.pdf') => upload.takeFiles([pdf(name)], [pdf(name) as unknown as File], 'en');

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(api.getFile).mockResolvedValue(info());
  upload.openUploads(false);
  $companyInfo.set(info());
});

describe('the upload modal (spec §5)', () => {
  it('sends a good file and lists it once the server has it', async () => {
    vi.mocked(uploadFile).mockImplementation(async (_file, options) => {
      options.onProgress?.(0.5);
      expect(upload.$upload.get().upload).toMatchObject({ fraction: 0.5, done: false });
      vi.mocked(api.getFile).mockResolvedValue(info('profile.pdf'));
      return undefined as never;
    });
    pick();
    await vi.waitFor(() => expect(upload.$upload.get().upload?.done).toBe(true));
    expect(upload.$upload.get().status).toMatchObject({ kind: 'success', text: 'profile.pdf 已上传' });
    expect($companyInfo.get()?.files.map((f) => f.file_name)).toEqual(['profile.pdf']);
  });

  it('refuses a file already listed, without sending it', () => {
    $companyInfo.set(info('profile.pdf'));
    pick();
    expect(uploadFile).not.toHaveBeenCalled();
    expect(upload.$upload.get().status?.kind).toBe('error');
  });

  it('refuses a second file while one is sending, and a cancel says so', async () => {
    vi.mocked(uploadFile).mockImplementation(
      (_file, options) =>
        new Promise((_, reject) =>
          options.signal?.addEventListener('abort', () => reject(new ApiError(RuntimeCode.ABORT, 'aborted'))),
        ),
    );
    pick('a.pdf');
    pick('b.pdf');
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(upload.$upload.get().status?.kind).toBe('error');
    upload.cancelUpload();
    await vi.waitFor(() => expect(upload.$upload.get().upload).toBeNull());
    expect(upload.$upload.get().status?.kind).toBe('info');
  });

  it('closing the modal stops the upload and the next opening starts afresh', async () => {
    vi.mocked(uploadFile).mockImplementation(
      (_file, options) =>
        new Promise((_, reject) =>
          options.signal?.addEventListener('abort', () => reject(new ApiError(RuntimeCode.ABORT, 'aborted'))),
        ),
    );
    const close = upload.openUploads(false);
    pick('a.pdf');
    expect(upload.uploadBusy()).toBe(true);
    close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(upload.$upload.get()).toEqual({ loaded: 'loading', status: null, upload: null });
  });

  it('a failed list load offers a retry', async () => {
    vi.mocked(api.getFile).mockRejectedValue(new Error('down'));
    $companyInfo.set(null);
    upload.openUploads(true);
    await vi.waitFor(() => expect(upload.$upload.get().loaded).toBe('failed'));
  });

  it('deleting a file reloads the list and says so; a refusal keeps it', async () => {
    $companyInfo.set(info('profile.pdf'));
    const [file] = $companyInfo.get()!.files;
    vi.mocked(api.deleteFile).mockRejectedValueOnce(new ApiError(500, 'nope'));
    expect(await upload.removeCompanyFile(file!)).toBe(false);
    expect(upload.$upload.get().status).toEqual({ kind: 'error', text: 'nope' });
    vi.mocked(api.deleteFile).mockResolvedValue(null as never);
    expect(await upload.removeCompanyFile(file!)).toBe(true);
    expect(upload.$upload.get().status?.kind).toBe('success');
    expect($companyInfo.get()?.files).toEqual([]);
  });
});
