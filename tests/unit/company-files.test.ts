import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  fileExtension,
  formatFileSize,
  isPreviewableImage,
  UPLOAD_ACCEPT,
} from '@/lib/companyFiles.ts';
import { uploadLoginUrl, uploadRequested, withoutUploadParam } from '@/lib/uploadEntry.ts';
import { MAX_FILES_PER_ACCOUNT, MAX_UPLOAD_BYTES } from '../../contract/limits.ts';
import { useTranslations } from '@/i18n/index.ts';

const txt = (name = 'profile.txt', size = 120) => ({ name, size, type: 'text/plain' });

describe('upload checks before sending (spec §5 "Upload")', () => {
  it('a single file of an accepted type and size, not yet listed, may go', () => {
    expect(checkUpload([txt()], [])).toBeNull();
    expect(checkUpload([{ name: 'Logo.JPEG', size: 9, type: 'image/jpeg' }], ['profile.txt'])).toBeNull();
    expect(checkUpload([{ name: 'deck.docx', size: 9, type: '' }], [])).toBeNull();
  });

  it('nothing picked is not an error', () => {
    expect(checkUpload([], [])).toBeNull();
  });

  it('one file at a time', () => {
    expect(checkUpload([txt('a.txt'), txt('b.txt')], [])).toEqual({ key: 'upload.tooMany' });
  });

  it('no folders: one the entries API names, or a 0-byte entry with no type and no extension', () => {
    expect(checkUpload([{ name: 'brochures', size: 4096, type: '', isDirectory: true }], [])).toEqual({
      key: 'upload.folder',
    });
    expect(checkUpload([{ name: 'brochures', size: 0, type: '' }], [])).toEqual({ key: 'upload.folder' });
  });

  it('an empty file of an accepted type is refused as empty, not as a folder', () => {
    expect(checkUpload([txt('notes.txt', 0)], [])).toEqual({
      key: 'upload.empty',
      params: { name: 'notes.txt' },
    });
  });

  it('the size is at most MAX_UPLOAD_BYTES, and the message names the limit', () => {
    expect(checkUpload([txt('big.txt', MAX_UPLOAD_BYTES)], [])).toBeNull();
    const refusal = checkUpload([txt('big.txt', MAX_UPLOAD_BYTES + 1)], [], 'en');
    expect(refusal).toEqual({ key: 'upload.tooLarge', params: { size: '10 MB' } });
    expect(useTranslations('en')(refusal!.key, refusal!.params)).toBe(
      'The file is too large: the limit is 10 MB.',
    );
  });

  it('the extension is one of UPLOAD_TYPES', () => {
    for (const name of ['tool.exe', 'sheet.xlsm', 'old.xls', 'README', 'archive.pdf.zip'])
      expect(checkUpload([{ name, size: 10, type: '' }], [])).toEqual({ key: 'upload.badType' });
    for (const name of ['price-list.xlsx', 'profile.docx', 'Brochure.PDF'])
      expect(checkUpload([{ name, size: 10, type: '' }], [])).toBeNull();
  });

  it('no duplicate file names', () => {
    expect(checkUpload([txt('profile.txt')], ['profile.txt'])).toEqual({
      key: 'upload.duplicate',
      params: { name: 'profile.txt' },
    });
    expect(useTranslations('zh')('upload.duplicate', { name: 'profile.txt' })).toContain('profile.txt');
    // The server lists names in NFC and trimmed, so 'café' typed two ways is the same name.
    expect(checkUpload([txt(' cafe\u0301.txt')], ['café.txt'])?.key).toBe('upload.duplicate');
    expect(checkUpload([txt('Profile.txt')], ['profile.txt'])).toBeNull();
  });

  it('no more than MAX_FILES_PER_ACCOUNT files', () => {
    const full = Array.from({ length: MAX_FILES_PER_ACCOUNT }, (_, i) => `f${i}.txt`);
    expect(checkUpload([txt('new.txt')], full)).toEqual({
      key: 'upload.limit',
      params: { count: MAX_FILES_PER_ACCOUNT },
    });
    expect(checkUpload([txt('new.txt')], full.slice(1))).toBeNull();
  });

  it('the picker accepts the same extensions and types', () => {
    expect(UPLOAD_ACCEPT.split(',')).toEqual(
      expect.arrayContaining([
        '.pdf',
        '.docx',
        '.txt',
        '.png',
        '.jpg',
        '.jpeg',
        'application/pdf',
        'text/plain',
      ]),
    );
    expect(fileExtension('Profile.PDF')).toBe('pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('name.')).toBe('');
  });
});

describe('company file display', () => {
  it('sizes read as B, KB or MB with one decimal at most', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(1023, 'en')).toBe('1,023 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024, 'zh')).toBe('10 MB');
    expect(formatFileSize(Number.NaN, 'zh')).toBe('--');
  });

  it('PNG and JPEG preview in the modal; other files download', () => {
    expect(isPreviewableImage('image/png')).toBe(true);
    expect(isPreviewableImage('image/jpeg')).toBe(true);
    expect(isPreviewableImage('application/pdf')).toBe(false);
  });
});

describe('opening the upload modal from a link', () => {
  it('?upload=1 asks for the modal, and leaves the URL without disturbing other parameters', () => {
    expect(uploadRequested('?upload=1')).toBe(true);
    expect(uploadRequested('?q=led&upload=1')).toBe(true);
    expect(uploadRequested('?upload=0')).toBe(false);
    expect(uploadRequested('')).toBe(false);
    expect(withoutUploadParam('/pages/chat/chat', '?upload=1&q=led')).toBe('/pages/chat/chat?q=led');
    expect(withoutUploadParam('/pages/chat/chat', '?upload=1')).toBe('/pages/chat/chat');
  });

  it('an anonymous visitor goes to login, then back to the same page with the modal', () => {
    expect(uploadLoginUrl('en', '/en/pages/official-blog/official-blog', '')).toBe(
      `/en/pages/login/login?redirect=${encodeURIComponent('/en/pages/official-blog/official-blog?upload=1')}`,
    );
    expect(uploadLoginUrl('zh', '/pages/chat/chat', '?q=led')).toBe(
      `/pages/login/login?redirect=${encodeURIComponent('/pages/chat/chat?q=led&upload=1')}`,
    );
  });
});
