import { html } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { syncHtml } from '../../server/html.ts';
import { htmlMessage, message, MESSAGE_KEYS } from '../../server/i18n.ts';
import { ENV_NAMES } from '../../server/platform/config.ts';
import { confirmPage, donePage, invalidPage } from '../../server/outreach/unsubscribe.ts';
import { unsubscribeFooter } from '../../server/outreach/queue.ts';
import { describeError } from '../../server/outreach/send.ts';

const attack = '"><script>alert(1)</script>@evil.example';

describe('server message catalogue', () => {
  it('no text a user can be shown names a server setting (plain words only, issue 15)', () => {
    const names = ENV_NAMES.filter((name) => name.includes('_'));
    expect(names).toContain('LLM_BASE_URL');
    for (const lang of ['zh', 'en'] as const)
      for (const key of MESSAGE_KEYS)
        for (const name of names) expect(message(lang, key), `${lang} ${key}`).not.toContain(name);
  });

  it('fills {name} parameters and leaves unknown ones as written', () => {
    expect(message('en', 'rateLimited', { seconds: 30 })).toBe('Too many attempts. Try again in 30 seconds.');
    expect(message('zh', 'rateLimited')).toBe('操作太频繁，请 {seconds} 秒后再试');
  });

  it('escapes text parameters in HTML but keeps HTML built with html``', () => {
    const bold = syncHtml(html`<strong>${'<b>'}</strong>`);
    expect(htmlMessage('en', 'unsubscribedText', { email: bold }).toString()).toBe(
      '<strong>&lt;b&gt;</strong> is unsubscribed and will not receive outreach emails sent through HoneyLeads again.',
    );
    expect(htmlMessage('en', 'unsubscribedText', { email: '<i>' }).toString()).toMatch(/^&lt;i&gt; is/);
  });

  it('says outreach failures in the reader’s language, detail after the language’s colon', () => {
    expect(describeError('rejected: 550 no such user', 'zh')).toBe('收件服务器拒收：550 no such user');
    expect(describeError('rejected: 550 no such user', 'en')).toBe(
      'The mail server refused it: 550 no such user',
    );
    expect(describeError('toString: x', 'en')).toBe('toString: x');
  });

  it('ends every outreach email with an unsubscribe line in its language', () => {
    expect(unsubscribeFooter('zh', 'L')).toBe('\n\n-- \n如不希望再收到此类邮件，请点击退订：L');
    expect(unsubscribeFooter('en', 'L')).toBe(
      '\n\n-- \nIf you would rather not receive emails like this, unsubscribe here: L',
    );
  });
});

describe('unsubscribe pages', () => {
  it('show an address with markup in it as text, never as HTML', () => {
    for (const page of [confirmPage(attack, 'abc.def'), donePage(attack)]) {
      expect(page).not.toContain('<script>');
      expect(page).toContain('<strong>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@evil.example</strong>');
    }
  });

  it('escape the token in the form action', () => {
    expect(confirmPage('a@b.co', '"><x')).toContain('action="/api/outreach/unsubscribe?t=&quot;&gt;&lt;x"');
  });

  it('speak both languages', () => {
    const page = invalidPage();
    expect(page).toContain('<title>链接无效 · Invalid link</title>');
    expect(page).toContain('<h1>链接无效 · This link is not valid</h1>');
  });
});
