/**
 * Security guide, the HTTP platform: the client address behind proxies (rate limits count per
 * client, and a client must not choose its own bucket); no API answer is kept by a cache; a public
 * site without Stripe does not hand out free plans; the real server (`node server/main.ts`) cuts off
 * slow clients, caps its connections and prints no redeem code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../server/api/index.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { redeemCodes } from '../../server/platform/db/schema.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { insertLeads } from '../../server/leads/seed.ts';
import { startApi, type Api } from './harness.ts';
import { quickAccount } from './snapshot.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi({ outreach: false });
});
afterAll(() => api?.close());

let mailbox = 0;
/** One failed login (a fresh unknown email each time, so only the per-IP limit can refuse) behind `forwardedFor`. */
async function login(app: ReturnType<typeof createApp>, forwardedFor: string): Promise<number> {
  const res = await app.request('/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `nobody${++mailbox}@example.com`, password: 'Wrong1234' }),
  });
  return ((await res.json()) as { code: number }).code;
}

describe('client address behind proxies (TRUST_PROXY hops)', () => {
  it('TRUST_PROXY=1: a forged leftmost X-Forwarded-For does not buy a fresh rate-limit bucket', async () => {
    const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: 1 });
    const codes: number[] = [];
    // The client writes any address it likes; the one proxy we run appends what it saw.
    for (let i = 0; i < 40; i++) codes.push(await login(app, `10.9.${i}.1, 192.0.2.10`));
    expect(codes.slice(0, 30).every((code) => code === 40101)).toBe(true);
    expect(codes.slice(30).every((code) => code === 42900)).toBe(true);
    // Another client behind the same proxy is its own bucket.
    expect(await login(app, '10.9.0.1, 192.0.2.11')).toBe(40101);
  });

  it('TRUST_PROXY=2: the second entry from the right is the client; entries left of it are ignored', async () => {
    const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: 2 });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push(await login(app, `10.8.${i}.1, 192.0.2.20, 10.0.0.${i}`));
    expect(codes.at(-1)).toBe(42900);
  });

  it('IPv6 addresses in one /64 share a bucket; IPv4-mapped IPv6 is the IPv4 address', async () => {
    const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: 1 });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push(await login(app, `2001:db8:aa:bb:${i.toString(16)}::${i + 1}`));
    expect(codes.slice(0, 30).every((code) => code === 40101)).toBe(true);
    expect(codes[30]).toBe(42900);
    // Written out in full and in upper case: still the same /64.
    expect(await login(app, '2001:0DB8:00AA:00BB:FFFF:FFFF:FFFF:FFFF')).toBe(42900);
    // The next /64 is another client.
    expect(await login(app, '2001:db8:aa:bc::1')).toBe(40101);

    for (let i = 0; i < 30; i++) expect(await login(app, '198.51.100.77')).toBe(40101);
    expect(await login(app, '::ffff:198.51.100.77')).toBe(42900);
    expect(await login(app, '::FFFF:c633:644d')).toBe(42900);
  });

  it('TRUST_PROXY accepts a hop count and the old true/false/yes/no; anything else is refused at start', () => {
    const hops = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(hops('1')).toBe(1);
    expect(hops('2')).toBe(2);
    expect(hops('0')).toBe(0);
    expect(hops('true')).toBe(1);
    expect(hops('yes')).toBe(1);
    expect(hops('false')).toBe(0);
    expect(hops('no')).toBe(0);
    expect(hops('')).toBe(0);
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    for (const bad of ['-1', 'many', '1.5', '100'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('Cache-Control: no-store on API answers', () => {
  it('every /api route answered to a request with a token says no-store (route table of the app)', async () => {
    const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: 1 });
    const { token } = await quickAccount(api, 'nostore');
    const routes = [
      ...new Set(
        createApi(api.services)
          .routes.filter((route) => route.method !== 'ALL')
          .map((route) => `${route.method} ${route.path}`),
      ),
    ].sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    expect(routes.length).toBeGreaterThan(30);
    const cached: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await app.request(`/api${path.replace(/:id\b/g, 'pay_nope')}`, {
        method,
        headers: { token, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.30' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      if (res.headers.get('cache-control') !== 'no-store')
        cached.push(`${route} ${res.status}: ${res.headers.get('cache-control')}`);
    }
    expect(cached).toEqual([]);
  });

  it('answers that hand out a token or user data say no-store even without a token header', async () => {
    const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: 1 });
    const { email } = await quickAccount(api, 'nostore-login');
    const login = await app.request('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.31' },
      body: JSON.stringify({ email, password: 'Secret123' }),
    });
    const token = ((await login.json()) as { data: string }).data;
    expect(token).toEqual(expect.any(String));
    expect(login.headers.get('cache-control')).toBe('no-store');
    const search = await app.request('/api/chat/search', {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.31' },
      body: JSON.stringify({ query: 'Find LED panel buyers in Germany' }),
    });
    expect(search.headers.get('content-type')).toContain('text/event-stream');
    expect(search.headers.get('cache-control')).toBe('no-store');
    await search.text();
    for (const path of ['/api/user/user_info', '/api/nope']) {
      const refused = await app.request(path, { headers: { token: 'forged' } });
      expect(refused.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('the built-in test checkout is local only', () => {
  it("a public site without a Stripe key refuses checkout in the caller's language and stores nothing", async () => {
    for (const env of [{ SITE_URL: 'https://honeyleads.example' }, { NODE_ENV: 'production' }]) {
      const site = await startApi({ outreach: false, env });
      try {
        const { token } = await quickAccount(site, 'public-pay');
        for (const lang of ['zh', 'en'] as const) {
          await site.call('POST', '/user/modify_language', { token, body: { language: lang } });
          const res = await site.call(
            'GET',
            '/pay/stripe/pay_url?goods_id=13&success_url=%2Fpages%2Fchat%2Fchat',
            {
              token,
            },
          );
          expect(res.status, JSON.stringify(env)).toBe(503);
          expect(res.body.code).toBe(50300);
          expect(res.body.msg).toMatch(lang === 'zh' ? /尚未开通在线支付/ : /Payments are not available/);
        }
        const payments = await site.database.db.execute(sql`SELECT count(*)::int AS n FROM payments`);
        expect(rowsOf<{ n: number }>(payments)[0]!.n).toBe(0);
        // The checkout page and its confirm button are gone too.
        expect((await site.raw('GET', '/pay/test/checkout/pay_abc')).status).toBe(404);
        expect((await site.raw('POST', '/pay/test/checkout/pay_abc/confirm')).status).toBe(404);
      } finally {
        await site.close();
      }
    }
  }, 120_000);

  it('TEST_CHECKOUT=1 switches it on for a public staging site on purpose', async () => {
    const site = await startApi({
      outreach: false,
      env: { SITE_URL: 'https://staging.example', TEST_CHECKOUT: '1' },
    });
    try {
      const { token } = await quickAccount(site, 'staging-pay');
      const res = await site.call(
        'GET',
        '/pay/stripe/pay_url?goods_id=13&success_url=%2Fpages%2Fchat%2Fchat',
        {
          token,
        },
      );
      expect(res.body.code).toBe(0);
      expect(res.body.data.url).toMatch(/^https:\/\/staging\.example\/api\/pay\/test\/checkout\/pay_/);
    } finally {
      await site.close();
    }
  });
});

describe('the real server: slow clients, connection cap, start output', () => {
  let child: ChildProcess;
  let output = '';
  let port = 0;
  let dataDir = '';

  beforeAll(async () => {
    // A few leads already there, so the demo seed does not generate the full dataset.
    dataDir = mkdtempSync(join(tmpdir(), 'honeyleads-platform-'));
    const prepared = await openDatabase({ dataDir });
    await insertLeads(prepared.db, generateLeads({ perMajor: 1, perOther: 0 }).slice(0, 5));
    await prepared.close();
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of [
      'DATABASE_URL',
      'SITE_URL',
      'NODE_ENV',
      'DEMO_SEED',
      'TEST_CHECKOUT',
      'SEED_REDEEM_CODES',
    ])
      delete env[name];
    child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: '/nonexistent',
        HEADERS_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '2000',
        MAX_CONNECTIONS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += String(chunk);
        const found = /running on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (found && /Redeem codes/.test(output)) {
          port = Number(found[1]);
          resolve();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  /** Opens a raw connection; `closed` settles with what the server sent before it hung up. */
  function open(): { socket: Socket; ready: Promise<void>; closed: Promise<string> } {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('error', () => {});
    return {
      socket,
      ready: new Promise((resolve) => socket.once('connect', () => resolve())),
      closed: new Promise((resolve) => socket.once('close', () => resolve(received))),
    };
  }

  /** Writes `piece` every 200 ms, `times` times, unless the server hangs up first; true when it did. */
  async function dribble(
    connection: ReturnType<typeof open>,
    piece: string,
    times: number,
  ): Promise<boolean> {
    let hungUp = false;
    void connection.closed.then(() => (hungUp = true));
    for (let i = 0; i < times && !hungUp; i++) {
      connection.socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    connection.socket.destroy();
    return hungUp;
  }

  it('hangs up on a client that dribbles its headers (HEADERS_TIMEOUT_MS)', async () => {
    const slow = open();
    await slow.ready;
    slow.socket.write('GET /api/user/user_info HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // 60 headers over 12 s: far longer than the 1 s the server allows.
    expect(await dribble(slow, 'X-Slow: 1\r\n', 60)).toBe(true);
  }, 30_000);

  it('hangs up on a client that never finishes its body (REQUEST_TIMEOUT_MS)', async () => {
    const slow = open();
    await slow.ready;
    slow.socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    expect(await dribble(slow, ' ', 60)).toBe(true);
    expect(await slow.closed).not.toContain('HTTP/1.1 200');
  }, 30_000);

  it('accepts no more than MAX_CONNECTIONS at once, and serves again once they are gone', async () => {
    const held = Array.from({ length: 5 }, () => open());
    await Promise.all(held.map((connection) => connection.ready));
    for (const connection of held) connection.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const extra = open();
    extra.socket.write('GET /api/nope HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(await extra.closed).toBe('');
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    // Our side closed first; the server (another process) counts a connection gone once it reads
    // the close, so the next request may still find the cap full for a moment: it is served within 2 s.
    let res: Response | null = null;
    for (const deadline = Date.now() + 2_000; !res;) {
      res = await fetch(`http://127.0.0.1:${port}/api/nope`).catch((error: unknown) => {
        if (Date.now() > deadline) throw error;
        return new Promise<null>((resolve) => setTimeout(() => resolve(null), 50));
      });
    }
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  }, 30_000);

  it('start output: local demo mode said plainly, no redeem code printed', async () => {
    expect(output).toMatch(/LOCAL DEMO MODE/);
    expect(output).toContain('Demo account: demo@honeyleads.example');
    expect(output).toContain('Payments: built-in test checkout');
    expect(output).toContain('npm run codes');
    // Every code in the database, read after the server stopped (PGlite allows one process).
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const after = await openDatabase({ dataDir });
    try {
      const codes = (await after.db.select({ code: redeemCodes.code }).from(redeemCodes)).map(
        (row) => row.code,
      );
      expect(codes.filter((code) => output.includes(code))).toEqual([]);
      expect(output).not.toMatch(/HONEY-[A-Z0-9]/);
    } finally {
      await after.close();
    }
  }, 60_000);
});
