import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../contract/api.ts';
import { configureApi, request, setApiBase } from '@/lib/api/client.ts';
import { ApiError, RuntimeCode } from '@/lib/api/errors.ts';
import { $toasts } from '@/lib/toast.ts';

/** A real local HTTP server standing in for /api. */
let server: Server;
let base: string;
const seen: { token?: string | undefined; language?: string | undefined; body?: string } = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.token = req.headers.token as string | undefined;
      seen.language = req.headers['accept-language'];
      seen.body = body;
      const path = url.pathname.replace(/^\/api/, '');
      // The server replaced the session's token: the answer carries the new one.
      const renewed = path.startsWith('/renewed') ? { 'New-Token': 'tok-456' } : {};
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...renewed });
        res.end(JSON.stringify(value));
      };
      if (path === '/ok' || path === '/renewed')
        return json(200, { code: 0, msg: 'ok', data: { answer: 42 } });
      if (path === '/renewed/refused')
        return json(400, { code: ErrorCode.VALIDATION, msg: '参数不正确', data: { field: 'code' } });
      if (path === '/used')
        return json(409, { code: ErrorCode.REDEEM_CODE_USED, msg: '兑换码已被使用', data: null });
      if (path === '/expired')
        return json(401, { code: ErrorCode.TOKEN_INVALID, msg: '登录已失效', data: null });
      if (path === '/slow') return void setTimeout(() => json(200, { code: 0, msg: '', data: 'late' }), 400);
      const status = /^\/status\/(\d+)$/.exec(path);
      if (status) {
        res.writeHead(Number(status[1]), { 'Content-Type': 'text/html' });
        return res.end('<h1>proxy error</h1>');
      }
      json(404, { code: ErrorCode.NOT_FOUND, msg: 'no such call', data: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const onTokenInvalid = vi.fn();
const onTokenRenewed = vi.fn();
let held: string | undefined;
beforeEach(() => {
  setApiBase(base);
  $toasts.set([]);
  onTokenInvalid.mockReset();
  onTokenRenewed.mockReset();
  held = 'tok-123';
  configureApi({ getToken: () => held, onTokenInvalid, onTokenRenewed });
  vi.unstubAllGlobals();
});
const toasts = () => $toasts.get().map((toast) => [toast.kind, toast.message, toast.duration]);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should reject'),
    (error: ApiError) => error,
  );
const inEnglish = () => vi.stubGlobal('document', { documentElement: { lang: 'en' } });

describe('API client (spec §7, §8)', () => {
  it('resolves to data when code is 0 and sends the token header and JSON', async () => {
    expect(await request('/ok', { method: 'POST', body: { email: 'a@example.com' } })).toEqual({
      answer: 42,
    });
    expect(seen.token).toBe('tok-123');
    expect(JSON.parse(seen.body!)).toEqual({ email: 'a@example.com' });
    expect(toasts()).toEqual([]);
  });

  it('leaves the token out when the call opts out', async () => {
    await request('/ok', { auth: false });
    expect(seen.token).toBeUndefined();
  });

  it('sends the page language so the server answers in it', async () => {
    inEnglish();
    await request('/ok');
    expect(seen.language).toBe('en');
  });

  it('code != 0 shows the server message in an error toast and rejects with a typed error', async () => {
    const error = await failure(request('/used'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(ErrorCode.REDEEM_CODE_USED);
    expect(error.message).toBe('兑换码已被使用');
    expect(toasts()).toEqual([['error', '兑换码已被使用', 1500]]);
  });

  it('the toast can be turned off per call', async () => {
    await failure(request('/used', { toast: false }));
    expect(toasts()).toEqual([]);
  });

  it('a new token in an answer (New-Token) goes to the session, also with a refusal', async () => {
    expect(await request('/renewed')).toEqual({ answer: 42 });
    expect(seen.token).toBe('tok-123');
    expect(onTokenRenewed).toHaveBeenCalledExactlyOnceWith('tok-456');
    onTokenRenewed.mockReset();
    await failure(request('/renewed/refused', { toast: false }));
    expect(onTokenRenewed).toHaveBeenCalledExactlyOnceWith('tok-456');
  });

  it('an answer without New-Token keeps the token', async () => {
    await request('/ok');
    expect(onTokenRenewed).not.toHaveBeenCalled();
  });

  it('a new token for a token the session no longer holds (logged out, or another login) is dropped', async () => {
    const pending = request('/renewed');
    held = 'tok-other-login';
    await pending;
    expect(onTokenRenewed).not.toHaveBeenCalled();
  });

  it('a 40100 for a token the session has replaced meanwhile logs nobody out', async () => {
    const pending = failure(request('/expired', { toast: false }));
    held = 'tok-456';
    await pending;
    expect(onTokenInvalid).not.toHaveBeenCalled();
  });

  it('an invalid token hands over to the session (logout and login redirect)', async () => {
    await failure(request('/expired', { toast: false }));
    expect(onTokenInvalid).toHaveBeenCalledOnce();
  });

  it.each([
    [404, '请求的内容不存在', 'The requested content does not exist.'],
    [405, '请求方法已被禁用', 'This request method is disabled.'],
    [500, '服务器繁忙，请稍后再试', 'The server is busy. Please try again later.'],
    [502, '网关错误，请稍后再试', 'Bad gateway. Please try again later.'],
  ])('HTTP %i without an envelope shows its catalogue message', async (status, zh, en) => {
    expect((await failure(request(`/status/${status}`))).message).toBe(zh);
    inEnglish();
    expect((await failure(request(`/status/${status}`))).message).toBe(en);
    expect(toasts().map(([, , duration]) => duration)).toEqual([1500, 1500]);
  });

  it('any other HTTP failure shows the default message for 5 seconds', async () => {
    const error = await failure(request('/status/503'));
    expect(error.message).toBe('出现了一点问题，请稍后再试');
    expect(toasts()).toEqual([['error', '出现了一点问题，请稍后再试', 5000]]);
  });

  it('a timeout rejects with errCode 5 and the timeout message', async () => {
    const error = await failure(request('/slow', { timeout: 100 }));
    expect(error.code).toBe(RuntimeCode.NETWORK);
    expect(error.message).toBe('请求超时，请检查网络状态后重试');
  });

  it('a network failure rejects with errCode 5 and the network message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setApiBase(`http://127.0.0.1:${port}/api`);
    inEnglish();
    const error = await failure(request('/ok'));
    expect(error.code).toBe(5);
    expect(error.message).toBe('The network is unavailable. Please check your network settings.');
    expect(toasts()).toEqual([['error', error.message, 1500]]);
  });

  it('an abort rejects with 600003 and shows no toast', async () => {
    const controller = new AbortController();
    const pending = failure(request('/slow', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error.code).toBe(600003);
    expect(toasts()).toEqual([]);
  });
});
