import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from '@/lib/api/upload.ts';
import { configureApi, setApiBase } from '@/lib/api/client.ts';
import { $toasts } from '@/lib/toast.ts';

/** A scripted XMLHttpRequest: `finish` decides how the request ends. */
function fakeXhr(finish: (xhr: FakeXhr) => void) {
  const made: FakeXhr[] = [];
  const factory = () => {
    const xhr = new FakeXhr(finish);
    made.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  };
  return { factory, made };
}
class FakeXhr {
  headers: Record<string, string> = {};
  url = '';
  status = 0;
  response: unknown = null;
  responseType = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: FormData | null = null;
  private finish: (xhr: FakeXhr) => void;
  constructor(finish: (xhr: FakeXhr) => void) {
    this.finish = finish;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
    setTimeout(() => this.finish(this), 0);
  }
  abort() {
    this.onabort?.();
  }
}

const file = new File(['%PDF-1.7 company profile'], 'profile.pdf', { type: 'application/pdf' });
const stored = {
  file_id: 'f1',
  file_name: 'profile.pdf',
  size: 24,
  mime: 'application/pdf',
  created_at: '2026-11-22T00:00:00Z',
};

beforeEach(() => {
  $toasts.set([]);
  setApiBase('/api');
  configureApi({ getToken: () => 'tok-1', onTokenInvalid: vi.fn(), onTokenRenewed: vi.fn() });
});

describe('upload (spec §5, §8)', () => {
  it('sends one file with the token and reports progress up to 1', async () => {
    const progress: number[] = [];
    const { factory, made } = fakeXhr((xhr) => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 12, total: 24 });
      xhr.status = 200;
      xhr.response = { code: 0, msg: '', data: stored };
      xhr.onload?.();
    });
    expect(
      await uploadFile(file, { clientId: 'c1', onProgress: (p) => progress.push(p), xhr: factory }),
    ).toEqual(stored);
    expect(made[0]!.url).toBe('/api/upload_file');
    expect(made[0]!.headers.token).toBe('tok-1');
    expect((made[0]!.sent!.get('file') as File).name).toBe('profile.pdf');
    expect(made[0]!.sent!.get('clientId')).toBe('c1');
    expect(progress).toEqual([0.5, 1]);
  });

  it('a network error fails with 602001', async () => {
    const { factory } = fakeXhr((xhr) => xhr.onerror?.());
    await expect(uploadFile(file, { clientId: 'c1', xhr: factory })).rejects.toMatchObject({ code: 602001 });
    expect($toasts.get()[0]?.message).toBe('当前网络不可用，请检查您的网络设置');
  });

  it("an unreadable file fails with 'file error' before anything is sent", async () => {
    const broken = Object.assign(new Blob(['x']), { name: 'gone.pdf' });
    broken.slice = () =>
      ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) as unknown as Blob;
    const { factory, made } = fakeXhr(() => {});
    await expect(uploadFile(broken, { clientId: 'c1', xhr: factory })).rejects.toMatchObject({
      code: 'file error',
    });
    expect(made).toHaveLength(0);
    expect($toasts.get()[0]?.message).toBe('文件读取失败');
  });

  it('an abort fails with 600003 and no toast', async () => {
    const controller = new AbortController();
    const { factory } = fakeXhr(() => controller.abort());
    await expect(
      uploadFile(file, { clientId: 'c1', xhr: factory, signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 600003,
    });
    expect($toasts.get()).toEqual([]);
  });

  it('a refusal from the server shows its message', async () => {
    const { factory } = fakeXhr((xhr) => {
      xhr.status = 409;
      xhr.response = { code: 40900, msg: '已有同名文件', data: null };
      xhr.onload?.();
    });
    await expect(uploadFile(file, { clientId: 'c1', xhr: factory })).rejects.toMatchObject({
      code: 40900,
      message: '已有同名文件',
    });
  });

  it('an expired session ends the session like every other call', async () => {
    const onTokenInvalid = vi.fn();
    configureApi({ getToken: () => 'tok-1', onTokenInvalid, onTokenRenewed: vi.fn() });
    const { factory } = fakeXhr((xhr) => {
      xhr.status = 401;
      xhr.response = { code: 40100, msg: '请重新登录', data: null };
      xhr.onload?.();
    });
    await expect(uploadFile(file, { clientId: 'c1', xhr: factory })).rejects.toMatchObject({ code: 40100 });
    expect(onTokenInvalid).toHaveBeenCalledTimes(1);
  });
});
