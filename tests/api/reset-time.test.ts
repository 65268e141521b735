import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLeads } from '../../server/leads/generate.ts';
import { resetPhrase } from '../../server/i18n.ts';
import { readEvents, startApi, type Api } from './harness.ts';

/**
 * Issue 35: the daily reset is said on the user's clock. The browser names its time zone
 * (X-Time-Zone); the counts stay UTC days, only the words change. A zone the server does not know
 * changes nothing: the text says UTC.
 */
let api: Api;
beforeAll(async () => {
  api = await startApi({ leads: generateLeads({ perMajor: 2, perOther: 0 }) });
}, 120_000);
afterAll(() => api.close());

async function summaryText(token: string, lang: 'zh' | 'en', zone?: string): Promise<string> {
  const res = await api.raw('POST', '/chat/search', {
    token,
    lang,
    body: { query: lang === 'zh' ? '德国的LED面板灯买家' : 'LED panel light buyers in Germany' },
    ...(zone ? { headers: { 'X-Time-Zone': zone } } : {}),
  });
  const events = await readEvents(res);
  return events.find((e) => e.event === 'summary')!.data.text as string;
}

describe('the daily reset on the user’s clock', () => {
  it('a Chinese user in Shanghai reads 当地时间 8 点, not UTC 0 点', async () => {
    const token = await api.signUp('reset-zh@example.com');
    expect(await summaryText(token, 'zh', 'Asia/Shanghai')).toMatch(
      /今日还可免费搜索 \d+ 次（当地时间 8 点重置）。$/,
    );
  });

  it('an English user in New York reads the hour of their own clock', async () => {
    const token = await api.signUp('reset-en@example.com');
    const text = await summaryText(token, 'en', 'America/New_York');
    expect(text).toMatch(/free searches left today \(resets at (19|20):00 your time\)\.$/);
  });

  it('no zone, UTC, or a zone the server does not know: the text says UTC and nothing else changes', async () => {
    const token = await api.signUp('reset-none@example.com');
    expect(await summaryText(token, 'zh')).toMatch(/（UTC 0 点重置）。$/);
    expect(await summaryText(token, 'en', 'UTC')).toMatch(/\(resets at 00:00 UTC\)\.$/);
    expect(await summaryText(token, 'en', 'Mars/Olympus')).toMatch(/\(resets at 00:00 UTC\)\.$/);
    expect(await summaryText(token, 'en', '../../etc/passwd')).toMatch(/\(resets at 00:00 UTC\)\.$/);
  });

  it('says half hours as they are', () => {
    const now = new Date('2026-11-28T02:00:00Z');
    expect(resetPhrase('zh', 'Asia/Kolkata', now)).toBe('当地时间 05:30 ');
    expect(resetPhrase('en', 'Asia/Kolkata', now)).toBe('at 05:30 your time');
    expect(resetPhrase('en', 'Europe/Berlin', now)).toBe('at 01:00 your time');
    expect(resetPhrase('zh', undefined, now)).toBe('UTC 0 点');
  });
});
