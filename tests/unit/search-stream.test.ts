import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setApiBase, configureApi } from '@/lib/api/client.ts';
import { searchLeads } from '@/lib/api/search.ts';

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { query } = JSON.parse(body);
      if (query === 'silent') return; // never answers: the client must time out
      if (query === 'fails') {
        // A failure after the stream started is its last event.
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('event: lead\ndata: {"id":"L000001","name":"A"}\n\n');
        res.end('event: error\ndata: {"code":50000,"msg":"服务器繁忙，请稍后再试"}\n\n');
        return;
      }
      if (query === 'quota') {
        res.writeHead(429, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 40202, msg: 'no searches left', data: null }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // Events split across chunks, as a network delivers them.
      res.write(
        'event: understood\ndata: {"chat_id":"c1","criteria":{"role":"buyer","countries":["DE"],"regions":[],"products":["led-panel-lights"],"conditions":{}},"countries":[{"code":"DE","name":"Germany"}],"text":"t"}\n\nevent: le',
      );
      setTimeout(() => {
        res.write(
          'ad\ndata: {"id":"L000001","name":"A"}\n\nevent: lead\ndata: {"id":"L000002","name":"B"}\n\n',
        );
        res.end(
          'event: summary\ndata: {"text":"done","count":2,"by_country":[],"more":true,"counted":true,"searches_left":29}\n\n',
        );
      }, 10);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  configureApi({ getToken: () => 'tok', onTokenInvalid: () => {}, onTokenRenewed: () => {} });
});
afterAll(() => {
  // The 'silent' requests are still open: end them so the server can close.
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('search stream client', () => {
  it('hands over what was understood, each lead as it arrives, then the summary', async () => {
    const seen: string[] = [];
    await searchLeads(
      { query: 'LED panel buyers in Germany' },
      {
        onUnderstood: (u) => seen.push(`understood ${u.criteria.countries.join()}`),
        onLead: (lead) => seen.push(`lead ${lead.id}`),
        onSummary: (s) => seen.push(`summary ${s.searches_left} more ${s.more}`),
      },
    );
    expect(seen).toEqual(['understood DE', 'lead L000001', 'lead L000002', 'summary 29 more true']);
  });

  it('sends edited chips and "show more" as they are, with the page’s language', async () => {
    const sent: unknown[] = [];
    const noop = () => {};
    const original = globalThis.fetch;
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      sent.push({
        body: JSON.parse(init.body as string),
        language: new Headers(init.headers).get('Accept-Language'),
      });
      return new Response('', { headers: { 'Content-Type': 'text/event-stream' } });
    }) as typeof fetch;
    try {
      const criteria = {
        role: 'supplier' as const,
        countries: [],
        regions: [],
        products: ['led-lights'],
        conditions: {},
      };
      await searchLeads({ criteria, chat_id: 'c1' }, { onUnderstood: noop, onLead: noop, onSummary: noop });
      await searchLeads({ more: true, chat_id: 'c1' }, { onUnderstood: noop, onLead: noop, onSummary: noop });
    } finally {
      globalThis.fetch = original;
    }
    expect(sent).toEqual([
      {
        body: {
          criteria: {
            role: 'supplier',
            countries: [],
            regions: [],
            products: ['led-lights'],
            conditions: {},
          },
          chat_id: 'c1',
        },
        language: 'zh',
      },
      { body: { more: true, chat_id: 'c1' }, language: 'zh' },
    ]);
  });

  it('a failure the stream reports as its last event rejects with its code and message, after what came before', async () => {
    const seen: string[] = [];
    const noop = () => {};
    await expect(
      searchLeads(
        { query: 'fails' },
        { onUnderstood: noop, onLead: (l) => seen.push(l.id), onSummary: noop },
      ),
    ).rejects.toMatchObject({ code: 50000, message: '服务器繁忙，请稍后再试' });
    expect(seen).toEqual(['L000001']);
  });

  it('rejects with the server’s code when the search is refused before it starts', async () => {
    const noop = () => {};
    await expect(
      searchLeads({ query: 'quota' }, { onUnderstood: noop, onLead: noop, onSummary: noop }),
    ).rejects.toMatchObject({
      code: 40202,
      message: 'no searches left',
    });
  });

  it('gives the spec’s chat timeout message when the server does not answer', async () => {
    const noop = () => {};
    await expect(
      searchLeads({ query: 'silent' }, { onUnderstood: noop, onLead: noop, onSummary: noop }, undefined, 100),
    ).rejects.toMatchObject({ code: 5, message: '对话超时，请重试' });
  });

  it('stops when the user aborts, with the abort code', async () => {
    const controller = new AbortController();
    const noop = () => {};
    const pending = searchLeads(
      { query: 'silent' },
      { onUnderstood: noop, onLead: noop, onSummary: noop },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 600003 });
  });
});
